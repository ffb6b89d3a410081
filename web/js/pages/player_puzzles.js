// The puzzle dashboard on a profile (GET /api/players/<name>/puzzles), as a
// view of what the server answered: per game the puzzles solved of those
// tried (first tries), the puzzle rating now with its graph (the rating
// after each try), the best streak, and the themes solved best and worst,
// each a link to that theme's puzzles.
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {rating_graph} from './rating_graph.js';

const percent = (rate) => `${Math.round(rate * 100)}%`;

function themes_line(g, which, words) {
    const names = g[which] || [];
    if (!names.length) return null;
    const rate = (name) => (g.themes.find((t) => t.theme === name) || {rate: 0}).rate;
    return v('p', {'data-test': `puzzle-themes-${which}`}, v('strong', {}, `${words}: `),
        names.map((name, i) => [i ? ', ' : '', v('a', {href: `#/puzzles/${g.game}?theme=${encodeURIComponent(name)}`, 'data-theme': name},
            name), ` (${percent(rate(name))})`]));
}

function game_view(g) {
    const name = game_names[g.game] || g.game;
    // The graph's points carry no deviation: drawn as settled.
    const points = (g.history || []).map((p) => ({rating: p.rating, rd: 0}));
    return v('section', {class: 'per-game', key: g.game, 'data-game': g.game, 'data-test': 'puzzle-dashboard-game'},
        v('h3', {}, v('a', {href: `#/puzzles/${g.game}`}, `${name} puzzles`)),
        v('p', {'data-test': 'puzzle-solved'}, `${g.solved} solved of ${g.tried} tried`,
            g.rating ? ` · puzzle rating ${g.rating.rating}` : '',
            g.best_streak ? ` · best streak ${g.best_streak}` : ''),
        points.length ? v('div', {key: `pgraph-${g.game}`, hook: {insert: (vn) => vn.elm.append(
            rating_graph(points, `${name} puzzle rating over ${points.length} puzzles`))}}) : null,
        themes_line(g, 'strong', 'Strong themes'),
        themes_line(g, 'weak', 'Weak themes'));
}

// `d`: the answer, or null while loading or when there is none.
export function puzzle_dashboard_view(d) {
    if (!d || !(d.games || []).length) return null;
    return v('div', {'data-test': 'puzzle-dashboard'}, v('h2', {}, 'Puzzles'), d.games.map(game_view));
}
