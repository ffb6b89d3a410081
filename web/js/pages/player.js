// A player's profile, an account's or a guest's: ratings per game (accounts),
// wins/draws/losses per game and their games, newest first, each with its
// result for this player, date, replay, computer analysis and export; "More
// games" pages back (GET /api/players/<name>?before=<key>); the puzzle
// dashboard (player_puzzles.js, GET /api/players/<name>/puzzles); an
// account's has the "Challenge" panel (bot_challenge.js) for a logged-in
// visitor (and a bot's asks a guest to log in); another player's has Block
// and Report (safety.js). The controller owns what was loaded and redraws
// one view.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {v, view_root} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {rating_graph} from './rating_graph.js';
import {bot_tag} from '../ui/bot_tag.js';
import {puzzle_dashboard_view} from './player_puzzles.js';
import {bot_challenge, bot_challenge_view} from './bot_challenge.js';
import {words as safety_words, blocks, report_form_view, new_report_state} from './safety.js';

const page_size = 20;  // the server's page: a full one may have more behind it

// This player's outcome of a game summary: 'win', 'loss', 'draw', or null (not over).
export function outcome(g, name) {
    const seat = (g.seats || []).findIndex((p) => p.name === name);
    if (g.status !== 'finished' || seat < 0) return null;
    if (g.winner === null || g.winner === undefined) return 'draw';
    return g.winner === seat ? 'win' : 'loss';
}

const outcome_words = {win: 'Won', loss: 'Lost', draw: 'Draw'};

function date_text(ms) {
    return ms ? new Date(ms).toLocaleDateString(undefined, {year: 'numeric', month: 'short', day: 'numeric'}) : '';
}

function game_row(g, name) {
    const o = outcome(g, name);
    const opponent = (g.seats || []).find((p) => p.name !== name);
    const mine = (g.seats || []).find((p) => p.name === name);
    const link = encodeURIComponent(g.id);
    return v('li', {key: g.key, 'data-game-id': g.id, 'data-outcome': o || g.status},
        v('span', {class: `outcome ${o || ''}`, 'data-test': 'outcome'}, o ? outcome_words[o] : g.result),
        v('span', {}, `${game_names[g.game] || g.game} as ${mine?.color || '?'} against `,
            opponent ? v('a', {href: `#/player/${encodeURIComponent(opponent.name)}`}, opponent.name) : '?', bot_tag(opponent)),
        v('span', {class: 'muted'}, [g.reason, date_text(g.ended_ms || g.created_ms)].filter(Boolean).join(' · ')),
        v('span', {class: 'links'},
            v('a', {class: 'btn small', href: `#/replay/${link}`, 'data-test': 'game-replay'}, 'Replay'),
            g.status === 'finished' ? v('a', {class: 'btn small', href: `#/replay/${link}/review`, 'data-test': 'game-review'}, 'Analysis') : null,
            v('a', {class: 'btn small', href: `/api/games/${link}/export`, download: '', 'data-test': 'game-export'}, 'Export')));
}

function per_game(r) {
    const results = r.results || [];
    const rated = [...new Set((r.history || []).map((p) => p.game))];
    const games = [...new Set([...results.map((x) => x.game), ...rated])];
    return games.map((g) => {
        const c = results.find((x) => x.game === g) || {wins: 0, draws: 0, losses: 0};
        const points = (r.history || []).filter((p) => p.game === g);
        const name = game_names[g] || g;
        return v('section', {class: 'per-game', 'data-game': g},
            v('h3', {}, name),
            v('p', {class: 'wdl', 'data-test': 'wdl'}, v('span', {class: 'win'}, `${c.wins} won`), ' · ',
                v('span', {class: 'draw'}, `${c.draws} drawn`), ' · ', v('span', {class: 'loss'}, `${c.losses} lost`)),
            // The graph is plain SVG made once: hung on a keyed host.
            points.length ? v('div', {key: `graph-${g}`, hook: {insert: (vn) => vn.elm.append(rating_graph(points, `${name} rating over ${points.length} rated games`))}}) : null);
    });
}

// Block / Unblock (an account's profile, for a logged-in account) and Report
// (anyone's, for a logged-in account), with the report form under them.
function safety_view(st, r, me) {
    if (!me || me.guest || me.name === r.name) return null;
    const block_button = r.guest ? null : v('button', {class: 'btn small', type: 'button', 'data-test': 'profile-block',
        disabled: st.blocked === null, onclick: st.toggle_block}, st.blocked ? safety_words.unblock : safety_words.block);
    return v('section', {class: 'profile-safety', 'data-test': 'profile-safety'},
        v('div', {class: 'row'}, block_button,
            v('button', {class: 'btn small', type: 'button', 'data-test': 'profile-report', disabled: st.report.sent,
                onclick: () => { st.report.open = !st.report.open; st.render(); }}, safety_words.report)),
        st.blocked ? v('p', {class: 'muted', 'data-test': 'profile-blocked'}, safety_words.blocked_note) : null,
        st.block_msg ? v('p', {class: 'form-msg', role: 'alert'}, st.block_msg) : null,
        report_form_view(st.report, r.name, '', st.render));
}

function profile_view(st) {
    const r = st.profile, me = socket.user;
    // A guest who has not played yet is not stored: tell them what will be here.
    if (st.missing && me && me.guest && me.name === st.name) {
        return v('div', {'data-test': 'guest-self'}, v('p', {}, `You are playing as a guest, ${st.name}. Your games will be listed here once you have played one.`),
            v('p', {}, v('a', {class: 'btn primary', href: '#/login'}, 'Register or log in'), ' to keep them for good and get ratings.'));
    }
    if (st.error) return v('p', {class: st.missing ? 'muted' : 'error', 'data-test': 'no-profile'}, st.error);
    if (!r) return v('p', {class: 'muted'}, 'Loading…');
    const self = me && me.name === r.name;
    return v('div', {},
        v('p', {class: 'muted'}, r.guest ? 'Guest' : r.bot ? 'Bot account: a program plays here' : 'Registered player'),
        r.guest && self ? v('p', {'data-test': 'guest-self'}, 'You are playing as a guest: your games are below. ',
            v('a', {class: 'btn small primary', href: '#/login'}, 'Register'), ' to keep them for good and get ratings.') : null,
        st.challenge && !self && (r.bot || (me && !me.guest)) && !st.blocked ? bot_challenge_view(st.challenge, me) : null,
        safety_view(st, r, me),
        r.guest ? null : [v('h2', {}, 'Ratings'),
            (r.ratings || []).length ? v('ul', {class: 'list'}, r.ratings.map((x) => v('li', {},
                v('a', {href: `#/leaderboard/${x.game}`}, game_names[x.game] || x.game), ': ',
                `${Math.round(x.rating)}${x.provisional ? '?' : ''}`, v('small', {class: 'muted'}, ` (${x.games ?? 0} games)`))))
                : v('p', {class: 'muted'}, 'No rated games yet.')],
        per_game(r),
        puzzle_dashboard_view(st.puzzles),
        v('h2', {}, 'Games'),
        st.games.length ? v('ul', {class: 'games-list', 'data-test': 'games'}, st.games.map((g) => game_row(g, r.name)))
            : v('p', {class: 'muted'}, 'No games yet.'),
        st.more ? v('button', {class: 'btn small', type: 'button', 'data-test': 'more-games', disabled: st.loading, onclick: st.load_more}, 'More games') : null,
        self && !r.guest ? v('p', {}, v('a', {href: '#/login', class: 'btn small'}, 'Account / log out')) : null);
}

export function mount(el, name) {
    document.title = `${name} · Kibitz`;
    const view = view_root(el);
    const st = {name, challenge: null, profile: null, puzzles: null, games: [], more: false, loading: true, error: '', missing: false, load_more: () => load(),
        blocked: null, block_msg: '', report: new_report_state(), render: () => render(), toggle_block: () => toggle_block()};
    let alive = true;
    // A bot's page offers a challenge (made once the profile says it is a bot).
    const render = () => view.update(v('section', {class: 'card profile'}, v('h1', {}, name, bot_tag(st.profile)), v('div', {'data-test': 'profile'}, profile_view(st))));

    async function load() {
        const last = st.games[st.games.length - 1];
        st.loading = true;
        render();
        const r = await api('GET', `/api/players/${encodeURIComponent(name)}${last ? `?before=${last.key}` : ''}`);
        if (!alive) return;
        st.loading = false;
        if (r.error) {
            st.missing = r.status === 404;
            st.error = st.missing ? `There is no player called ${name}.` : (r.message || r.error);
        } else {
            if (!st.profile) st.profile = r;
            if (!r.guest && !st.challenge) st.challenge = new bot_challenge(r.name, () => render());
            st.games.push(...(r.recent || []));
            st.more = (r.recent || []).length >= page_size;
        }
        render();
    }
    // Whether I block this player (only mine is ever asked: nobody sees who blocks them).
    async function load_blocked() {
        const me = socket.user;
        if (!me || me.guest || me.name === name) { st.blocked = false; return; }
        const r = await api('GET', '/api/rel/blocks');
        if (alive && !r.error) { st.blocked = (r.blocks || []).some((b) => b.toLowerCase() === name.toLowerCase()); render(); }
    }
    async function toggle_block() {
        st.block_msg = '';
        const r = await blocks.set(name, !st.blocked);
        if (!alive) return;
        if (r.error) st.block_msg = r.message || r.error;
        else st.blocked = r.blocked;
        render();
    }
    const off = socket.on('ready', () => { render(); load_blocked(); });  // "you" follows who this tab is
    load();
    api('GET', `/api/players/${encodeURIComponent(name)}/puzzles`).then((r) => {
        if (alive && !r.error) { st.puzzles = r; render(); }
    });
    return () => { alive = false; off(); if (st.challenge) st.challenge.close(); };
}
