// The lobby's games in play, as lichess's "current games": each public game
// a mini board (drawn by the same board renderers as the game page, passive)
// with its players, ratings and clocks; a click opens it to watch. The
// server sends each game's position in live.snapshot / live.add and again in
// live.update after a move (schema/protocol.md, "Live games"). It lists the
// newest games of each game id only (its window) and counts the rest: those
// are shown as a count.
import {create_board} from '../board/board.js';
import {tc_text, rating_text} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {clock_ms, format_ms, is_low} from '../ui/clock.js';
import {game_names, colour_names} from '../catalogue.js';
import {bot_name} from '../ui/bot_tag.js';
import {t} from '../i18n/i18n.js';

// Games drawn as boards, newest first; any more are listed as lines (the
// page stays light however many games are played).
const max_boards = 24;

// The live list's state, kept from the live.* messages.
export function live_games() {
    const rooms = new Map();   // room id -> summary (+ board, last, clocks, clocks_at)
    const shapes = {};         // game id -> the board's shape (layout, cells), from live.snapshot
    const totals = {};         // game id -> its public games in play, shown or not
    const position = (r, d) => {
        if (d.board) r.board = d.board;
        if ('last' in d) r.last = d.last;
        if ('clocks' in d) { r.clocks = d.clocks; r.clocks_at = performance.now(); }
    };
    return {
        rooms, shapes, totals,
        snapshot(d) {
            if (d.board) shapes[d.game] = d.board;
            if ('total' in d) totals[d.game] = d.total;
            for (const [k, r] of rooms) if (r.game === d.game) rooms.delete(k);
            for (const r of d.rooms || []) { rooms.set(r.room, r); position(r, r); }
        },
        add(r, total) {
            rooms.delete(r.room); rooms.set(r.room, r); position(r, r);
            if (total !== undefined) totals[r.game] = total;
        },
        update(d) {
            const r = rooms.get(d.room);
            if (!r) return;
            r.plies = d.plies;
            r.spectators = d.spectators;
            position(r, d);
        },
        remove(id, game, total) {
            rooms.delete(id);
            if (game && total !== undefined) totals[game] = total;
        },
        // Games in play that the server counts but does not list.
        more() {
            let n = 0;
            for (const [game, total] of Object.entries(totals)) {
                let shown = 0;
                for (const r of rooms.values()) if (r.game === game) shown++;
                n += Math.max(0, total - shown);
            }
            return n;
        },
        // Whether a clock runs somewhere (the view then needs a tick).
        ticking() { for (const r of rooms.values()) if (r.clocks && r.clocks.running >= 0) return true; return false; },
    };
}

// A guest has no rating: the name alone, never "Guest-123 ()".
export function player_text(p) {
    const r = rating_text(p.rating);
    return r ? `${bot_name(p)} (${r}${p.provisional ? '?' : ''})` : bot_name(p);
}

export function live_view(live, now = performance.now()) {
    // Newest first: by the server's start order (a game back in the list
    // after another ended keeps its place), else as they came.
    const all = [...live.rooms.values()].reverse();
    if (all.every((r) => typeof r.order === 'number')) all.sort((a, b) => b.order - a.order);
    const more = live.more ? live.more() : 0;
    const more_line = more > 0 ? v('p', {class: 'muted live-more', 'data-test': 'live-more'}, t('live.more', {count: more})) : null;
    if (!all.length && more_line) return v('div', {class: 'live-wrap'}, more_line);
    if (!all.length) return v('ul', {class: 'list live', 'data-test': 'live'}, v('li', {key: 'none', class: 'muted'}, t('live.none')));
    return v('div', {class: 'live-wrap'},
        v('ul', {class: 'live-boards', 'data-test': 'live'}, all.slice(0, max_boards).map((r) => live_card(r, live.shapes[r.game], now))),
        all.length > max_boards ? v('ul', {class: 'list live more'}, all.slice(max_boards).map(live_line)) : null,
        more_line);
}

// One game as a card: the player on top (seat 1), the board as seat 0 sees
// it, then seat 0, each with the clock; the game and its counts under it.
function live_card(r, shape, now) {
    const players = r.players || [];
    const meta = `${game_names[r.game] || r.game} · ${tc_text(r.tc)} · ${t('live.ply', {ply: r.plies})} · ${t('game.watching', {count: r.spectators})}`;
    return v('li', {key: r.room, class: 'live-game', 'data-room': r.room, 'data-game': r.game},
        v('a', {href: `#/game/${r.room}`, 'aria-label': t('live.watch_label', {a: players[0]?.name || '?', b: players[1]?.name || '?', meta})},
            player_line(r, 1, now),
            shape && r.board ? v('div', {class: 'mini-board', hook: passive_board_hook(r, shape)}) : null,
            player_line(r, 0, now),
            v('span', {class: 'live-meta muted'}, meta)));
}

function player_line(r, seat, now) {
    const p = (r.players || [])[seat];
    if (!p) return null;
    const to_move = r.board && r.board.to_move === seat;
    let clock = null;
    if (r.clocks) {
        const ms = clock_ms(r.clocks, r.clocks_at, seat, now);
        const running = r.clocks.running === seat;
        clock = v('span', {class: `live-clock${running ? ' running' : ''}${is_low(ms, r.clocks) ? ' low' : ''}`, 'data-test': 'live-clock'}, format_ms(ms));
    }
    return v('span', {class: `live-player${to_move ? ' to-move' : ''}`},
        v('span', {class: 'live-name', 'data-test': 'live-player'}, player_text(p)), clock);
}

// The rest: one line each, a link to watch.
function live_line(r) {
    return v('li', {key: r.room, 'data-room': r.room},
        v('a', {href: `#/game/${r.room}`},
            v('span', {class: 'what'}, game_names[r.game] || r.game),
            v('span', {}, (r.players || []).map(player_text).join(' – ')),
            v('span', {class: 'muted'}, `${tc_text(r.tc)} · ${t('live.ply', {ply: r.plies})} · ${t('game.watching', {count: r.spectators})}`)));
}

// A passive board (a picture: the lobby's mini boards, the featured game)
// in the element the view keeps (keyed by room): made once, then given the
// new pieces and marks only when the position changed. `r`: {game, board,
// last}; `shape`: the board's layout and cells; `label`: its name, if read out.
export function passive_board_hook(r, shape, label, bottom_seat = 0) {
    const sync = (el) => {
        let m = el.mini;
        if (!m || m.layout !== shape.layout) {
            const board = create_board(el, {...shape, pieces: [], to_move: 0, moves: []},
                {colours: colour_names[r.game], passive: true, label});
            board.set_orientation(bottom_seat);
            m = el.mini = {board, layout: shape.layout, pieces: null, last: null};
        }
        if (m.pieces !== r.board.pieces) { m.board.set_pieces(r.board.pieces); m.pieces = r.board.pieces; }
        if (m.last !== r.last) {
            m.board.set_marks(r.last ? {last: r.last.path, affected: r.last.affected} : {});
            m.last = r.last;
        }
    };
    return {insert: (vn) => sync(vn.elm), postpatch: (old, vn) => sync(vn.elm)};
}
