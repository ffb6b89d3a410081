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
import {t} from '../i18n/i18n.js';

// "2 days 3 h", "5 h 12 min", "12 min": what is left of a deadline; null: none.
export function time_left_text(deadline_ms, now_ms) {
    if (typeof deadline_ms !== 'number') return t('corr.no_limit');
    const left = Math.max(0, deadline_ms - now_ms);
    const min = Math.floor(left / 60000), h = Math.floor(min / 60), d = Math.floor(h / 24);
    if (d > 0) return t('turn.days_hours_left', {count: d, h: h % 24});
    if (h > 0) return t('turn.hours_minutes_left', {h, min: min % 60});
    return t('turn.minutes_left', {min});
}

function card(g, now_ms) {
    const name = game_names[g.game] || g.game;
    const left = time_left_text(g.deadline_ms, now_ms);
    const urgent = typeof g.deadline_ms === 'number' && g.deadline_ms - now_ms < 6 * 3600 * 1000;
    return v('li', {key: g.id, class: 'turn-game', 'data-test': 'your-turn-game', 'data-room': g.id},
        v('a', {href: `#/game/${g.id}`, 'aria-label': t('turn.card_label', {opponent: bot_name(g.opponent), game: name, left})},
            v('div', {class: 'mini-board', hook: passive_board_hook({game: g.game, board: g.board, last: null}, g.board, undefined, g.seat || 0)}),
            v('span', {class: 'turn-opponent'}, t('turn.vs', {opponent: bot_name(g.opponent)})),
            v('span', {class: 'turn-meta muted'}, `${name} · ${tc_text(g.tc)} · ${t('live.ply', {ply: g.plies})}`),
            v('span', {class: `turn-left${urgent ? ' urgent' : ''}`, 'data-test': 'your-turn-left'}, left)));
}

// The cards, at most `max` (the lobby's panel shows a few; the page, all).
export function turn_cards_view(list, now_ms, max = Infinity) {
    if (!list.games.length)
        return v('p', {class: 'muted', 'data-test': 'your-turn-none'},
            list.loaded ? t('turn.none') : t('common.loading'));
    return v('ul', {class: 'turn-games', 'data-test': 'your-turn-list'}, list.games.slice(0, max).map((g) => card(g, now_ms)));
}

// #/your-turn: every game waiting, the least time left first.
export function your_turn_view(list, now_ms) {
    return v('section', {class: 'card your-turn-page', 'data-test': 'your-turn-page'},
        v('h1', {}, t('nav.your_turn')),
        v('p', {class: 'muted'}, t('turn.explain')),
        turn_cards_view(list, now_ms));
}

// The lobby's panel: shown only when a game waits; the first few, then a link to all.
export function turn_panel_view(list, now_ms) {
    if (!list.games.length) return null;
    const more = list.games.length > 3;
    return v('section', {class: 'card your-turn-panel', 'data-test': 'your-turn-panel'},
        v('h2', {}, t('turn.panel_title', {n: list.games.length})),
        turn_cards_view(list, now_ms, 3),
        more ? v('p', {}, v('a', {href: '#/your-turn'}, t('turn.all_waiting', {count: list.games.length}))) : null);
}
