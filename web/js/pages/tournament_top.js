// The featured top game of a tournament page (as lichess shows it): the game
// of the best-placed player in play (`top_room` in tournament.state), drawn
// live as a passive board with its players and clocks; a click opens it.
// follow_top() keeps one room_sync (net/room.js) on that room, a spectator's
// join, and moves it when the top game changes; top_view() draws it.
import {room_sync} from '../net/room.js';
import {v} from '../ui/vdom.js';
import {clock_ms, format_ms} from '../ui/clock.js';
import {game_names} from '../catalogue.js';
import {player_text, passive_board_hook} from './lobby_live.js';
import {t} from '../i18n/i18n.js';

// Follows `room` (null: none) from now; `changed` after each update.
export function follow_top(changed) {
    let sync = null;
    return {
        get sync() { return sync; },
        follow(room) {
            if ((sync ? sync.room : null) === (room || null)) return;
            if (sync) sync.close();
            sync = room ? new room_sync(room, () => changed()) : null;
            if (sync) sync.join();
        },
        close() { if (sync) sync.close(); sync = null; },
    };
}

function player_line(s, seat, now) {
    const p = (s.players || []).find((x) => x.seat === seat);
    if (!p) return null;
    const ms = s.clocks ? clock_ms(s.clocks, s.clocks_at, seat, now) : null;
    return v('span', {class: `live-player${s.board.to_move === seat ? ' to-move' : ''}`},
        v('span', {class: 'live-name', 'data-test': 'top-player'}, player_text(p)),
        ms === null ? null : v('span', {class: `live-clock${s.clocks.running === seat ? ' running' : ''}`}, format_ms(ms)));
}

// `sync`: the room_sync of the top game (its state once joined), or null.
export function top_view(sync, now = performance.now()) {
    const s = sync && sync.state;
    if (!s) return null;
    const r = {game: s.game, board: s.board, last: sync.last};
    const name = game_names[s.game] || s.game;
    return v('section', {class: 'card top-game', 'data-test': 'top-game-card', 'data-room': sync.room,
        'data-ply': (s.moves || []).length},
    v('h2', {}, t('event.top_game')),
    v('a', {key: `top-${sync.room}`, class: 'top-game-link', href: `#/game/${sync.room}`, 'data-test': 'top-game',
        'aria-label': t('event.watch_top_label', {a: (s.players || [])[0]?.name || '?', b: (s.players || [])[1]?.name || '?'})},
    player_line(s, 1, now),
    v('div', {key: `board-${sync.room}`, class: 'mini-board', hook: passive_board_hook(r, s.board, t('event.top_board_label', {game: name}))}),
    player_line(s, 0, now)));
}
