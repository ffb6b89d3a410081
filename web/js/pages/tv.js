// The featured game (TV) on the home page: the server names the most
// interesting live game (`tv` in schema/protocol.md) with its position, and
// sends `tv.update` after its moves. Drawn as a passive mini board from
// those alone: the page does not join the room, so being featured does not
// count as being watched.
import {socket} from '../net/socket.js';
import {create_board} from '../board/board.js';
import {h, clear, tc_text} from '../ui/dom.js';
import {game_names, colour_names} from '../catalogue.js';
import {player_text} from './lobby_live.js';

export function mount_tv(el) {
    const body = h('div', {class: 'tv-body'});
    const box = h('section', {class: 'card tv', 'data-test': 'tv'}, h('h2', {}, 'Featured game'), body);
    box.hidden = true;  // until the server names a game
    el.append(box);
    let board = null, current = null, shown = null;

    function draw() {
        if (!shown || !shown.board || !board) return;
        board.set_pieces(shown.board.pieces);
        board.set_marks(shown.last ? {last: shown.last.path, affected: shown.last.affected} : {});
        box.dataset.ply = String(shown.plies || 0);
    }

    function show(summary) {
        const room = summary ? summary.room : null;
        if (room === current) { if (summary) update(summary); return; }
        board = null;
        current = room;
        shown = summary;
        clear(body);
        box.dataset.room = room || '';
        delete box.dataset.ply;
        // Nothing to feature: the card hides rather than stand empty.
        box.hidden = !room;
        if (!room) return;
        const players = summary.players || [];
        const host = h('div', {class: 'tv-board'});
        body.append(
            h('p', {class: 'tv-players'}, players.map(player_text).join(' vs ')),
            h('p', {class: 'muted small'}, `${game_names[summary.game] || summary.game} · ${tc_text(summary.tc)} · ${summary.rated ? 'rated' : 'casual'}`),
            host,
            h('a', {href: `#/game/${room}`, 'data-test': 'tv-watch'}, 'Watch'));
        if (summary.shape) {
            board = create_board(host, {...summary.shape, pieces: [], to_move: 0, moves: []},
                {colours: colour_names[summary.game], passive: true,
                 label: `featured ${game_names[summary.game] || summary.game} board`});
            board.set_orientation(0);
        }
        draw();
    }

    function update(d) {
        if (!shown || d.room !== current) return;
        shown.plies = d.plies;
        shown.spectators = d.spectators;
        if (d.board) shown.board = d.board;
        if ('last' in d) shown.last = d.last;
        draw();
    }

    const offs = [socket.on('lobby.snapshot', (d) => show(d.tv || null)), socket.on('tv', (d) => show(d.room || null)),
        socket.on('tv.update', update)];
    return () => offs.forEach((f) => f());
}
