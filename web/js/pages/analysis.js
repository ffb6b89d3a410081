// #/analysis/<game>?position=TEXT&moves=JSON[&edit=1][&bottom=1]: explore any position.
// The controller: it owns the move tree, the position shown and the engine's
// latest word, and redraws one view (analysis_view.js) from them. Both sides
// move on the board; playing another move from an earlier position starts a
// variation. The board and its legal moves come from the server (POST
// /api/position), so no rule is in here. "Edit position" (or `edit=1`, the
// Tools page's position editor) opens position_editor.js on the board shown.
import {socket} from '../net/socket.js';
import {clear, toast} from '../ui/dom.js';
import {view_root} from '../ui/vdom.js';
import {game_ids, game_names} from '../catalogue.js';
import {position_of, draw_position} from '../ui/diagram.js';
import {here_state, invite_url} from './play_from_here.js';
import {open_editor} from './position_editor.js';
import {node, line_to, depth_of} from './move_tree.js';
import {analysis_view, unknown_game_view} from './analysis_view.js';
import {error_text} from '../i18n/errors.js';
import {t} from '../i18n/i18n.js';

const waiting = () => ({note: t('analysis.waiting'), share: 0.5});

export function mount(el, game) {
    if (!game_names[game]) {
        document.title = `${t('learn.no_such_game')} · Kibitz`;
        view_root(el).update(unknown_game_view(game, game_ids));
        return null;
    }
    // The query is read undecoded: the router decodes its captures, which
    // would turn a position's '%2B' into a '+' that URLSearchParams reads as a space.
    const params = new URLSearchParams(location.hash.split('?')[1] || '');
    const st = {game, start: params.get('position') || null, root: node(null, null), current: null, pos: null,
        first_seat: 0, engine: waiting(), message: '', choices: null, stop: null, ply: null, editing: false, here: here_state()};
    st.current = st.root;
    try {
        let n = st.root;
        for (const m of JSON.parse(params.get('moves') || '[]')) { const c = node(m, n); n.children.push(c); n = c; }
        st.current = n;
    } catch { /* a bad moves parameter: start from the position */ }

    document.title = `${t('title.analysis')} · ${game_names[game]} · Kibitz`;
    // `bottom=1`: the second seat at the bottom (a game's player opening their own position).
    let board = null, bottom = params.get('bottom') === '1' ? 1 : 0, search_id = 0, last_sent = 0, pending = null;
    // The board and the editor's panel are hung on the view's hosts (hosts.board, hosts.editor).
    const hosts = {board: null, editor: null};
    const view = view_root(el);
    const act = {
        go: (n) => go(n), first: () => go(st.root), back: () => go(st.current.parent || st.current),
        forward: () => go(st.current.children[0] || st.current),
        flip: () => { bottom = 1 - bottom; board?.set_orientation(bottom); },
        load: (text) => load_text(text), copy: () => copy(st.pos?.position || ''), share: () => copy(share_url()), edit,
        play: (text) => play(text), finish: (m) => board?.finish(m),
        host: (name, elm) => { hosts[name] = elm; },
        here_set: (field, value) => { st.here = {...st.here, [field]: value}; render(); },
        here_computer, here_friend, here_cancel, here_copy: () => copy(st.here.invite.url),
    };
    const render = () => view.update(analysis_view(st, act));

    // The arrows step through the moves from anywhere on the page, without a
    // click first (not while typing, nor on the board, whose cells use them).
    const on_key = (ev) => {
        if (ev.target.closest && ev.target.closest('input, select, textarea, [data-cell]')) return;  // not for people
        if (st.editing) return;
        if (ev.key === 'ArrowLeft') { ev.preventDefault(); act.back(); }
        if (ev.key === 'ArrowRight') { ev.preventDefault(); act.forward(); }
    };
    document.addEventListener('keydown', on_key);
    const offs = [
        socket.on('analysis.info', (d) => { if (d.id === search_id) show_eval(d); }),
        socket.on('analysis.done', (d) => { if (d.id === search_id && d.best) { st.engine.done = true; render(); } }),
        socket.on('ready', () => ask_engine()),
        socket.on('invite.created', (d) => {
            if (d.position === undefined || d.game !== game) return;
            st.here = {...st.here, invite: {code: d.code, url: invite_url(d)}, declined_by: null};
            render();
        }),
        // The friend said no: the invite is closed, and the panel says so.
        socket.on('invite.declined', (d) => {
            if (d.code !== st.here.invite?.code) return;
            st.here = {...st.here, invite: null, declined_by: d.by.name};
            render();
        }),
        // A busy engine or a full rate budget: ask again shortly; anything else is said.
        socket.on('error', (d) => {
            if (d.re !== 'analysis.start') return;
            if (d.code === 'rate_limited' || d.code === 'server_busy') { clearTimeout(pending); pending = setTimeout(ask_engine, 1000); return; }
            st.engine = {note: error_text(d), share: 0.5};
            render();
        }),
    ];

    // The editor takes the side column's place until Done or Cancel; Done
    // starts a new analysis from the server's position.
    function edit() {
        if (!st.pos) return;
        clearTimeout(pending);
        socket.send('analysis.stop');
        st.editing = true;
        render();
        const close = () => { st.editing = false; clear(hosts.editor); render(); };
        open_editor(hosts.board, hosts.editor, game, st.pos, {bottom,
            on_done: (r) => { close(); restart(r.position); },
            on_cancel: () => { close(); go(st.current); }});
    }

    function restart(position) {
        st.start = position;
        st.root = node(null, null);
        go(st.root);
    }

    function share_url() {
        const q = new URLSearchParams();
        if (st.start) q.set('position', st.start);
        const line = line_to(st.current);
        if (line.length) q.set('moves', JSON.stringify(line));
        return `${location.origin}${location.pathname}#/analysis/${game}${q.toString() ? `?${q}` : ''}`;
    }
    async function copy(text) {
        try { await navigator.clipboard.writeText(text); toast(t('lobby.copied')); } catch { toast(text); }
    }
    async function load_text(text) {
        const r = await position_of(game, text || null, []);
        if (r.error) { toast(r.message, 'error'); st.message = r.message; render(); return; }
        restart(text || null);
    }

    // The position after `n` (and the one before it, for the last move's marks).
    async function go(n) {
        st.current = n;
        const want = [n.pos ? Promise.resolve(n.pos) : position_of(game, st.start, line_to(n)),
            n.parent && !n.parent.pos ? position_of(game, st.start, line_to(n.parent)) : Promise.resolve(n.parent?.pos)];
        const [r, before] = await Promise.all(want);
        if (n !== st.current) return;  // a later step overtook this one
        if (r.error) { st.message = r.message; render(); return; }
        n.pos = r;
        if (n.parent && before && !before.error) n.parent.pos = before;
        st.pos = r;
        st.message = '';
        // Moves alternate, so the seat to move at the root follows from here.
        st.first_seat = (r.board.to_move + depth_of(n)) % 2;
        board = draw_position(hosts.board, game, r, {label: t('analysis.board_label', {game: game_names[game]}), on_move: (m) => play(m.text),
            on_choose: (ms) => { st.choices = ms; render(); },
            on_select: (p, fin) => { st.stop = p.length > 1 && fin.length ? fin : null; if (p.length) st.choices = null; render(); }});
        board.set_orientation(bottom);
        const m = n.parent?.pos?.board.moves.find((x) => x.text === n.move);
        board.set_marks(m ? {last: m.path, affected: m.affected || []} : {});
        board.set_input(r.board.moves, r.status.state === 'playing', {refusals: r.board.refusals, idle: t('analysis.over_here')});
        st.ply = depth_of(n);
        if (window.kibitz) window.kibitz.analysis = {moves: r.board.moves};  // for the browser tests
        ask_engine();
    }

    // Play from here: the position on the board, unless the game is over there.
    function here_position() {
        const text = st.pos && st.pos.status.state === 'playing' ? st.pos.position : null;
        if (!text) toast(t('analysis.over_here'), 'error');
        return text;
    }
    async function here_computer() {
        const position = here_position();
        if (!position) return;
        try {
            await socket.request('computer.play', {game, level: Number(st.here.level), tc: null, color: st.here.colour, position});
        } catch (e) { toast(error_text(e), 'error'); }
    }
    async function here_friend() {
        const position = here_position();
        if (!position) return;
        try { await socket.request('invite.create', {game, tc: null, rated: false, color: st.here.colour, position}); } catch (e) { toast(error_text(e), 'error'); }
    }
    async function here_cancel() {
        const invite = st.here.invite;
        if (!invite) return;
        try {
            await socket.request('invite.cancel', {code: invite.code});
            st.here = {...st.here, invite: null};
            render();
        } catch (e) { toast(error_text(e), 'error'); }
    }

    function play(text) {
        st.choices = null; st.stop = null;
        const existing = st.current.children.find((c) => c.move === text);
        if (existing) return go(existing);
        const c = node(text, st.current);
        st.current.children.push(c);
        return go(c);
    }

    // One engine request at a time, at most every 300 ms (the server's limit is 250).
    function ask_engine() {
        clearTimeout(pending);
        if (!st.pos || st.pos.status.state !== 'playing') {
            socket.send('analysis.stop');
            search_id++;
            st.engine = {note: t('analysis.nothing_to_think'), share: st.engine.share};
            render();
            return;
        }
        // The shown eval belongs to the old position from here on: drop it, and
        // ignore the old search's late lines, even while the new one waits.
        search_id++;
        st.engine = {note: t('analysis.thinking'), share: st.engine.share};
        render();
        const wait = last_sent + 300 - Date.now();
        if (wait > 0) { pending = setTimeout(send_search, wait); return; }
        send_search();
    }

    function send_search() {
        last_sent = Date.now();
        socket.send('analysis.start', {game, position: st.start, moves: line_to(st.current), id: search_id});
    }

    function show_eval(d) {
        const s = d.score;
        // The bar: seat 0's share, a smooth function of the score.
        const known = s.end_in !== undefined ? s.winner : s.table ? s.table.winner : undefined;
        const share = known === undefined ? 1 / (1 + Math.exp(-s.cp / 400)) : known === null ? 0.5 : known === 0 ? 1 : 0;
        st.engine = {score: s, depth: d.depth, pv: d.pv, share};
        render();
    }

    render();
    go(st.current).then(() => { if (params.get('edit')) edit(); });
    return () => { document.removeEventListener('keydown', on_key); offs.forEach((f) => f()); clearTimeout(pending); socket.send('analysis.stop'); };
}
