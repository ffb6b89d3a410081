// Leaderboards per game, from GET /api/leaderboard/<game>.
import {api} from '../net/http.js';
import {h, clear} from '../ui/dom.js';
import {game_names, game_ids, game_info} from '../catalogue.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

// The game's one-line summary in the page's language, else the server's.
function game_summary(game) {
    const key = `game_summary.${game}`, word = t(key);
    return word === key ? (game_info(game) || {}).summary || '' : word;
}

export function mount(el, game = game_ids[0]) {
    document.title = `${t('title.leaderboard')} · ${game_names[game] || game} · Kibitz`;
    const body = h('div', {'data-test': 'leaderboard'}, h('p', {class: 'muted'}, t('common.loading')));
    el.append(h('section', {class: 'card'}, h('h1', {}, `${t('title.leaderboard')} · ${game_names[game] || game}`),
        h('nav', {class: 'tabs'}, game_ids.map((g) => h('a', {href: `#/leaderboard/${g}`, class: g === game ? 'active' : '', 'aria-current': g === game ? 'page' : null}, game_names[g]))),
        h('p', {class: 'muted'}, game_summary(game)),
        body));
    let alive = true;
    api('GET', `/api/leaderboard/${encodeURIComponent(game)}?limit=50`).then((r) => {
        if (!alive) return;
        clear(body);
        if (r.error) { body.append(h('p', {class: 'error'}, error_text(r))); return; }
        const rows = r.leaders || [];
        // The board lists settled ratings only: say so, rather than "no games".
        if (!rows.length) {
            body.append(h('p', {class: 'muted', 'data-test': 'leaderboard-empty'}, t('leaderboard.empty')));
            return;
        }
        body.append(h('table', {class: 'table'},
            h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('leaderboard.player')), h('th', {}, t('leaderboard.rating')), h('th', {}, t('leaderboard.games')))),
            h('tbody', {}, rows.map((p, i) => h('tr', {},
                h('td', {}, i + 1), h('td', {}, h('a', {href: `#/player/${encodeURIComponent(p.name)}`}, p.name)),
                h('td', {}, `${Math.round(p.rating)}${p.provisional ? '?' : ''}`), h('td', {}, p.games ?? ''))))));
    });
    return () => { alive = false; };
}
