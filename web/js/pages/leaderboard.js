// Leaderboards per game, from GET /api/leaderboard/<game>.
import {api} from '../net/http.js';
import {h, clear} from '../ui/dom.js';
import {game_names, game_ids, game_info} from '../catalogue.js';

export function mount(el, game = game_ids[0]) {
    document.title = `Leaderboard · ${game_names[game] || game} · Kibitz`;
    const body = h('div', {'data-test': 'leaderboard'}, h('p', {class: 'muted'}, 'Loading…'));
    el.append(h('section', {class: 'card'}, h('h1', {}, `Leaderboard · ${game_names[game] || game}`),
        h('nav', {class: 'tabs'}, game_ids.map((g) => h('a', {href: `#/leaderboard/${g}`, class: g === game ? 'active' : '', 'aria-current': g === game ? 'page' : null}, game_names[g]))),
        h('p', {class: 'muted'}, (game_info(game) || {}).summary || ''),
        body));
    let alive = true;
    api('GET', `/api/leaderboard/${encodeURIComponent(game)}?limit=50`).then((r) => {
        if (!alive) return;
        clear(body);
        if (r.error) { body.append(h('p', {class: 'error'}, r.message || r.error)); return; }
        const rows = r.leaders || [];
        // The board lists settled ratings only: say so, rather than "no games".
        if (!rows.length) {
            body.append(h('p', {class: 'muted', 'data-test': 'leaderboard-empty'}, 'No settled ratings yet. A player appears here once their rating is settled, ' +
                'after enough rated games; until then it is provisional, shown with a “?” on their profile and in games.'));
            return;
        }
        body.append(h('table', {class: 'table'},
            h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Games'))),
            h('tbody', {}, rows.map((p, i) => h('tr', {},
                h('td', {}, i + 1), h('td', {}, h('a', {href: `#/player/${encodeURIComponent(p.name)}`}, p.name)),
                h('td', {}, `${Math.round(p.rating)}${p.provisional ? '?' : ''}`), h('td', {}, p.games ?? ''))))));
    });
    return () => { alive = false; };
}
