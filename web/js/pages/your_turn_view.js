// The "your turn" list's view (snabbdom, ui/vdom.js): the player's
// correspondence games waiting for their move (net/turn_list.js), each a card
// with its mini board as the player sits, the opponent, the game, the time
// left, a link to play. Shared by #/your-turn (your_turn.js) and the lobby's
// panel (lobby_view.js). Reads the list; changes nothing.
import {v} from '../ui/vdom.js';
import {tc_text} from '../ui/dom.js';
import {game_names} from '../catalogue.js';
import {bot_name} from '../ui/bot_tag.js';
import {passive_board_hook} from './lobby_live.js';

// "2 days 3 h", "5 h 12 min", "12 min": what is left of a deadline; null: none.
export function time_left_text(deadline_ms, now_ms) {
    if (typeof deadline_ms !== 'number') return 'no time limit';
    const left = Math.max(0, deadline_ms - now_ms);
    const min = Math.floor(left / 60000), h = Math.floor(min / 60), d = Math.floor(h / 24);
    if (d > 0) return `${d} day${d > 1 ? 's' : ''} ${h % 24} h left`;
    if (h > 0) return `${h} h ${min % 60} min left`;
    return `${min} min left`;
}

function card(g, now_ms) {
    const name = game_names[g.game] || g.game;
    const left = time_left_text(g.deadline_ms, now_ms);
    const urgent = typeof g.deadline_ms === 'number' && g.deadline_ms - now_ms < 6 * 3600 * 1000;
    return v('li', {key: g.id, class: 'turn-game', 'data-test': 'your-turn-game', 'data-room': g.id},
        v('a', {href: `#/game/${g.id}`, 'aria-label': `Your move against ${bot_name(g.opponent)}: ${name}, ${left}`},
            v('div', {class: 'mini-board', hook: passive_board_hook({game: g.game, board: g.board, last: null}, g.board, undefined, g.seat || 0)}),
            v('span', {class: 'turn-opponent'}, `vs ${bot_name(g.opponent)}`),
            v('span', {class: 'turn-meta muted'}, `${name} · ${tc_text(g.tc)} · ply ${g.plies}`),
            v('span', {class: `turn-left${urgent ? ' urgent' : ''}`, 'data-test': 'your-turn-left'}, left)));
}

// The cards, at most `max` (the lobby's panel shows a few; the page, all).
export function turn_cards_view(list, now_ms, max = Infinity) {
    if (!list.games.length)
        return v('p', {class: 'muted', 'data-test': 'your-turn-none'},
            list.loaded ? 'No correspondence game is waiting for your move.' : 'Loading…');
    return v('ul', {class: 'turn-games', 'data-test': 'your-turn-list'}, list.games.slice(0, max).map((g) => card(g, now_ms)));
}

// #/your-turn: every game waiting, the least time left first.
export function your_turn_view(list, now_ms) {
    return v('section', {class: 'card your-turn-page', 'data-test': 'your-turn-page'},
        v('h1', {}, 'Your turn'),
        v('p', {class: 'muted'}, 'Your correspondence games where it is your move, the least time left first.'),
        turn_cards_view(list, now_ms));
}

// The lobby's panel: shown only when a game waits; the first few, then a link to all.
export function turn_panel_view(list, now_ms) {
    if (!list.games.length) return null;
    const more = list.games.length > 3;
    return v('section', {class: 'card your-turn-panel', 'data-test': 'your-turn-panel'},
        v('h2', {}, `Your turn (${list.games.length})`),
        turn_cards_view(list, now_ms, 3),
        more ? v('p', {}, v('a', {href: '#/your-turn'}, `All ${list.games.length} games waiting`)) : null);
}
