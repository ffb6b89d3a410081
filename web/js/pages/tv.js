// The featured game (TV) on the home page: the server names the most
// interesting live game (`tv` in schema/protocol.md); this joins it as a
// spectator and shows it as a mini board that follows every move, and
// switches when the server features another game.
import {socket} from '../net/socket.js';
import {room_sync} from '../net/room.js';
import {create_board} from '../board/board.js';
import {h, clear, tc_text, rating_text} from '../ui/dom.js';
import {game_names, colour_names} from '../catalogue.js';

export function mount_tv(el) {
    const body = h('div', {class: 'tv-body'});
    const box = h('section', {class: 'card tv', 'data-test': 'tv'}, h('h2', {}, 'Featured game'), body);
    el.append(box);
    let sync = null, board = null, current;

    function player_text(p) {
        const r = rating_text(p.rating);
        return r ? `${p.name} (${r}${p.provisional ? '?' : ''})` : p.name;
    }

    function draw() {
        const st = sync && sync.state;
        if (!st) return;
        const host = body.querySelector('.tv-board');
        if (!board || board.layout !== st.board.layout) {
            board = create_board(host, st.board, {colours: colour_names[st.game],
                label: `featured ${game_names[st.game] || st.game} board`});
            board.layout = st.board.layout;
        }
        board.set_pieces(st.board.pieces);
        board.set_marks(sync.last ? {last: sync.last.path, affected: sync.last.affected} : {});
        box.dataset.ply = String((st.moves || []).length);
    }

    function show(summary) {
        const room = summary ? summary.room : null;
        if (room === current) return;
        if (sync) sync.close();
        sync = null;
        board = null;
        current = room;
        clear(body);
        box.dataset.room = room || '';
        delete box.dataset.ply;
        if (!room) { body.append(h('p', {class: 'muted'}, 'No game is being played right now.')); return; }
        const players = summary.players || [];
        body.append(
            h('p', {class: 'tv-players'}, players.map(player_text).join(' vs ')),
            h('p', {class: 'muted small'}, `${game_names[summary.game] || summary.game} · ${tc_text(summary.tc)} · ${summary.rated ? 'rated' : 'casual'}`),
            h('div', {class: 'tv-board'}),
            h('a', {href: `#/game/${room}`, 'data-test': 'tv-watch'}, 'Watch'));
        // One's own game is not watched from here: joining (and leaving) it
        // would be joining one's own seat, and leaving the lobby would then
        // look like leaving the game.
        const me = socket.user && socket.user.name;
        if (players.some((p) => p.name === me)) { body.querySelector('.tv-board').append(h('p', {class: 'muted'}, 'Your game')); return; }
        sync = new room_sync(room, draw);
    }

    const offs = [socket.on('lobby.snapshot', (d) => show(d.tv || null)), socket.on('tv', (d) => show(d.room || null))];
    return () => { offs.forEach((f) => f()); if (sync) sync.close(); };
}
