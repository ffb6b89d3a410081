// A player's profile: ratings per game and recent games, from GET /api/players/<name>.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {h, clear} from '../ui/dom.js';
import {game_names} from '../catalogue.js';
import {rating_graph} from './rating_graph.js';

// Per game played: wins, draws and losses, and the rating over the rated games.
function per_game(r) {
    const results = r.results || [];
    const rated = [...new Set((r.history || []).map((p) => p.game))];
    const games = [...new Set([...results.map((x) => x.game), ...rated])];
    return games.map((g) => {
        const c = results.find((x) => x.game === g) || {wins: 0, draws: 0, losses: 0};
        const points = (r.history || []).filter((p) => p.game === g);
        const name = game_names[g] || g;
        return h('section', {class: 'per-game', 'data-game': g},
            h('h3', {}, name),
            h('p', {class: 'wdl', 'data-test': 'wdl'},
                h('span', {class: 'win'}, `${c.wins} won`), ' · ', h('span', {class: 'draw'}, `${c.draws} drawn`),
                ' · ', h('span', {class: 'loss'}, `${c.losses} lost`)),
            points.length ? rating_graph(points, `${name} rating over ${points.length} rated games`) : null);
    });
}

export function mount(el, name) {
    document.title = `${name} · Kibitz`;
    const body = h('div', {'data-test': 'profile'}, h('p', {class: 'muted'}, 'Loading…'));
    el.append(h('section', {class: 'card'}, h('h1', {}, name), body));
    let alive = true;
    api('GET', `/api/players/${encodeURIComponent(name)}`).then((r) => {
        if (!alive) return;
        clear(body);
        if (r.error) {
            body.append(r.status === 404 ? no_profile(name) : h('p', {class: 'error'}, r.message || r.error));
        } else {
            body.append(h('p', {class: 'muted'}, r.guest ? 'Guest' : 'Registered player'),
                h('h2', {}, 'Ratings'),
                (r.ratings || []).length ? h('ul', {class: 'list'}, r.ratings.map((x) => h('li', {},
                    h('a', {href: `#/leaderboard/${x.game}`}, game_names[x.game] || x.game), ': ',
                    `${Math.round(x.rating)}${x.provisional ? '?' : ''}`, h('small', {class: 'muted'}, ` (${x.games ?? 0} games)`))))
                    : h('p', {class: 'muted'}, 'No rated games yet.'),
                ...per_game(r),
                h('h2', {}, 'Recent games'),
                (r.recent || []).length ? h('ul', {class: 'list'}, r.recent.map((g) => h('li', {},
                    h('a', {href: `#/replay/${g.id}`}, `${game_names[g.game] || g.game}: ${(g.players || []).join(' vs ')}`),
                    ' ', h('span', {class: 'muted'}, g.result || g.reason || '')))) : h('p', {class: 'muted'}, 'No games yet.'));
        }
        const me = socket.user;
        if (me && me.name === name && !me.guest) body.append(h('p', {}, h('a', {href: '#/login', class: 'btn small'}, 'Account / log out')));
    });
    return () => { alive = false; };
}

// Guests have no profile: say so, and to the guest themself, how to get one.
function no_profile(name) {
    const me = socket.user;
    if (me && me.guest && me.name === name) {
        return h('div', {'data-test': 'guest-self'}, h('p', {}, `You are playing as a guest, ${name}. Guests have no profile and no ratings.`),
            h('p', {}, h('a', {class: 'btn primary', href: '#/login'}, 'Register or log in'), ' to keep your games (those played so far come with you) and get ratings.'));
    }
    return h('p', {class: 'muted', 'data-test': 'no-profile'}, `${name} has no account here (a guest, or no such player): only accounts have a profile.`);
}
