// #/tournament/<id>: one arena or Swiss event. Follows its standings over the socket
// (tournament.sub, then tournament.state as they change); join, pause and
// withdraw are requests answered by ack or error. A new pairing arrives as
// game.found, which app.js follows to the game (the auto-redirect). Once the
// event is over (or when it is not open), the stored standings come from
// GET /api/tournament/<id>. The event's chat (tournament.chat) arrives with
// the standings and as it is written. The top game is followed live
// (tournament_top.js) unless it is the player's own. One view:
// tournament_view.js.
import {socket} from '../net/socket.js';
import {view_root} from '../ui/vdom.js';
import {tournament_view} from './tournament_view.js';
import {chat_kept} from './tournament_chat.js';
import {follow_top} from './tournament_top.js';
import {error_text} from '../i18n/errors.js';

export function mount(el, id) {
    const st = {about: null, standings: [], boards: [], code: '', top_room: null, podium: null, me: null, chat: [], message: '', error: '', now: Date.now(), offset: 0};
    const view = view_root(el);
    const render = () => view.update(tournament_view(st, act));
    const top = st.top = follow_top(render);
    const ask = (t, extra = {}) => {
        st.message = '';
        socket.request(t, {id, ...extra}).then(render, (e) => { st.message = error_text(e); render(); });
    };
    const act = {
        join: () => ask('tournament.join', st.code ? {code: st.code} : {}),
        pause: () => ask('tournament.pause'), withdraw: () => ask('tournament.withdraw'),
        code: (text) => { st.code = text.trim(); },  // a private event's entry code
        say: (text) => socket.request('tournament.chat', {id, text})
            .catch((e) => { st.message = error_text(e); render(); }),
    };
    // Not open (finished, or never was): what the store kept.
    const stored = () => fetch(`/api/tournament/${encodeURIComponent(id)}`)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.status === 404 ? 'unknown_tournament' : `http_${r.status}`))))
        .then((d) => {
            st.about = d.tournament;
            st.standings = d.standings.map((s) => ({...s, state: s.withdrawn ? 'withdrawn' : '', room: null}));
            render();
        })
        .catch((e) => { st.error = e.message; render(); });
    const offs = [
        socket.on('ready', (user) => {
            st.me = user?.id;
            st.chat = [];  // the server sends the kept lines again after tournament.sub
            socket.request('tournament.sub', {id}).catch(stored);
        }),
        socket.on('identity', (d) => { st.me = d.user.id; render(); }),
        socket.on('tournament.state', (d) => {
            if (d.tournament.id !== id) return;
            st.about = d.tournament;
            st.standings = d.standings;
            st.top_room = d.top_room;
            const mine = d.standings.find((s) => s.player.id === st.me);
            top.follow(mine && mine.room === d.top_room ? null : d.top_room);
            st.boards = d.boards || [];
            st.offset = d.server_time - Date.now();
            st.now = d.server_time;
            render();
        }),
        socket.on('tournament.chat', (d) => {
            if (d.id !== id) return;
            st.chat = [...st.chat, ...d.lines].slice(-chat_kept);
            render();
        }),
        socket.on('tournament.finished', (d) => { if (d.id === id) { st.podium = d.podium; render(); } }),
    ];
    const timer = setInterval(() => { st.now = Date.now() + st.offset; render(); }, 1000);
    render();
    return () => {
        clearInterval(timer);
        top.close();
        offs.forEach((off) => off());
        socket.send('tournament.unsub', {id});
    };
}
