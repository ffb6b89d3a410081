// The single-page app: hash routes to pages, the header (who am I, connection
// status). Each page is a module exporting mount(el, params) that returns an
// optional unmount function.
import {socket} from './net/socket.js';
import {show_lag} from './net/lag.js';
import {h, clear, clear_toasts} from './ui/dom.js';
import {game_ids, game_names, load_catalogue, set_catalogue, name_games} from './catalogue.js';
import {t, on_language, start_language, from_account} from './i18n/i18n.js';
import {language_picker} from './ui/language_picker.js';
import {api} from './net/http.js';
import * as lobby from './pages/lobby.js';
import * as game from './pages/game.js';
import * as replay from './pages/replay.js';
import * as leaderboard from './pages/leaderboard.js';
import * as player from './pages/player.js';
import * as bots from './pages/bots.js';
import * as login from './pages/login.js';
import {log_out} from './pages/login.js';
import * as invite from './pages/invite.js';
import * as learn from './pages/learn.js';
import * as lesson from './pages/lesson.js';
import * as puzzles from './pages/puzzles.js';
import * as analysis from './pages/analysis.js';
import * as tools from './pages/tools.js';
import * as tournaments from './pages/tournaments.js';
import * as tournament from './pages/tournament.js';
import * as your_turn_page from './pages/your_turn.js';
import * as offline from './pages/offline.js';
import {register_service_worker} from './net/service_worker.js';
import {your_turn} from './net/your_turn.js';
import {turns_waiting} from './net/turn_list.js';
import {turn_marker} from './ui/turn_marker.js';
import {play, played} from './ui/sound.js';
import {view_root} from './ui/vdom.js';
import {notifications_ctrl} from './pages/notifications_ctrl.js';
import {notifications_view} from './pages/notifications_view.js';

// [hash pattern, page, the catalogue key of the tab's title until the page names it better]
const routes = [
    [/^#?\/?$/, lobby, 'title.play'],
    [/^#\/game\/([\w-]+)$/, game, 'title.game'],
    [/^#\/replay\/([\w-]+)(?:\/(review))?$/, replay, 'title.replay'],
    [/^#\/leaderboard\/([\w-]+)$/, leaderboard, 'title.leaderboard'],
    [/^#\/leaderboard\/?$/, leaderboard, 'title.leaderboard'],
    [/^#\/player\/([^/]+)$/, player, 'title.player'],
    [/^#\/bots\/?$/, bots, 'title.bots'],
    [/^#\/login$/, login, 'title.login'],
    [/^#\/invite\/([\w-]+)$/, invite, 'title.invite'],
    [/^#\/analysis\/([\w-]+)(?:\?.*)?$/, analysis, 'title.analysis'],
    [/^#\/tools\/?$/, tools, 'title.tools'],
    [/^#\/tournaments\/?$/, tournaments, 'title.tournaments'],
    [/^#\/tournament\/([\w-]+)$/, tournament, 'title.tournament'],
    [/^#\/your-turn\/?$/, your_turn_page, 'title.your_turn'],
    [/^#\/learn\/?$/, learn, 'title.learn'],
    [/^#\/learn\/([\w-]+)$/, learn, 'title.learn'],
    [/^#\/learn\/([\w-]+)\/([\w-]+)$/, lesson, 'title.lesson'],
    [/^#\/puzzles\/?$/, puzzles, 'title.puzzles'],
    [/^#\/puzzles\/([\w-]+)(?:\?.*)?$/, puzzles, 'title.puzzles'],
    [/^#\/puzzles\/([\w-]+)\/([\w-]+)$/, puzzles, 'title.puzzle'],
];

let unmount = null;
let drawn = false;  // a page is on screen (the language's redraw waits for the first)

function route() {
    drawn = true;
    const hash = location.hash || '#/';
    const page = document.getElementById('page');
    if (unmount) { try { unmount(); } catch (e) { console.error(e); } unmount = null; }
    clear(page);
    clear_toasts();  // a notice belongs to the page it was given on
    for (const [re, mod, title] of routes) {
        const m = hash.match(re);
        if (m) {
            document.title = `${t(title)} · Kibitz`;
            unmount = mod.mount(page, ...m.slice(1).map(decodeURIComponent)) || null;
            return;
        }
    }
    document.title = `${t('title.not_found')} · Kibitz`;
    page.append(h('section', {class: 'card'}, h('h1', {}, t('title.not_found')), h('p', {}, h('a', {href: '#/'}, t('nav.back_to_lobby')))));
}

let last_status = 'connecting';
function show_status(status) {
    last_status = status;
    const el = document.getElementById('conn');
    el.textContent = t(`conn.${status}`);
    el.className = `conn conn-${status}`;
    document.body.dataset.conn = status;
}

// The header's "who am I": the name (to the profile), the account's rating
// in the game it has played most (all of them in the tooltip), and Log in
// for a guest or Log out for an account.
function show_me(user) {
    const el = clear(document.getElementById('me'));
    if (!user) return;
    el.append(h('a', {href: `#/player/${encodeURIComponent(user.name)}`, class: 'me-name', 'data-test': 'me-name'}, user.name));
    const ratings = Object.entries(user.ratings || {}).sort((x, y) => (y[1].games || 0) - (x[1].games || 0));
    if (ratings.length) {
        const [game, r] = ratings[0];
        el.append(h('span', {class: 'me-rating', 'data-test': 'me-rating',
            title: ratings.map(([g, x]) => `${game_names[g] || g}: ${Math.round(x.rating)}${x.provisional ? '?' : ''}`).join(' · ')},
        `${Math.round(r.rating)}${r.provisional ? '?' : ''} ${game_names[game] || game}`));
    }
    el.append(user.guest ? h('a', {href: '#/login', class: 'btn small', 'data-test': 'login'}, t('header.log_in'))
        : h('button', {class: 'btn small', type: 'button', 'data-test': 'logout', onclick: log_out}, t('header.log_out')));
}

socket.on('status', show_status);
show_lag(document.getElementById('lag'));
// Pages read the game catalogue as they are drawn: the first page waits for it
// (from GET /api/games, or from the welcome if that request failed).
// It also waits for the language's catalogue (i18n/i18n.js).
let routed = false;
const language_ready = start_language();
function first_route() { if (!routed) { routed = true; language_ready.then(route); } }
// Started without the server (offline, from the service worker's cache): the
// offline page until the first welcome, which draws the page asked for.
// It is drawn once the language is known (its catalogue comes from the cache).
let offline_unmount = null, offline_waiting = false;
function show_offline() {
    if (offline_unmount) offline_unmount();
    document.title = `${t('title.offline')} · Kibitz`;
    offline_unmount = offline.mount(clear(document.getElementById('page')));
}
socket.on('status', (st) => {
    if (routed || offline_unmount || offline_waiting || st !== 'offline') return;
    offline_waiting = true;
    language_ready.then(() => { offline_waiting = false; if (!routed) show_offline(); });
});
socket.on('welcome', (d) => {
    if (offline_unmount) { offline_unmount(); offline_unmount = null; }
    set_catalogue(d.games);
    first_route();
});
socket.on('ready', show_me);
// An account's stored language wins over the cookie and the browser's: from
// the welcome's user, else GET /api/account/language, asked once per account
// and page load ("": the account has not chosen; the cookie and browser decide).
const accounts_asked = new Set();
socket.on('ready', async (user) => {
    if (!user || user.guest) return;
    if (user.language) { from_account(user.language); return; }
    if (accounts_asked.has(user.id)) return;
    accounts_asked.add(user.id);
    const account = await api('GET', '/api/account/language');
    if (account && account.language) from_account(account.language);
});
// A pairing found anywhere takes this tab to the game.
socket.on('game.found', (d) => { location.hash = `#/game/${d.room}`; });
socket.on('error', (d) => { if (d.code === 'rate_limited') console.warn('rate limited'); });  // not for people: the console
window.addEventListener('hashchange', () => { if (routed) route(); });
// Your move in any of your games: the tab's title and favicon say so, and a
// sound calls when it comes while another page is on screen (the game page
// has its own sounds).
const marker = new turn_marker();
const turns = new your_turn((waiting, became) => {
    marker.show(waiting.length > 0);
    if (became && location.hash !== `#/game/${became}`) play('turn');
    // The correspondence list follows: a game moved in leaves it, one whose turn came is fetched.
    for (const g of turns_waiting.games) if (turns.follows_correspondence(g.id) && !waiting.includes(g.id)) turns_waiting.turned(g.id, false);
    if (became && turns.follows_correspondence(became)) turns_waiting.turned(became, true);
});
socket.on('welcome', (d) => turns_waiting.welcomed(d));
socket.on('identity', () => turns_waiting.refresh());  // a guest just stored: its games can be read
socket.on('end', (d) => turns_waiting.turned(d.room, false));
// The menu's count of correspondence games waiting for the player's move.
turns_waiting.on((list) => {
    const el = document.getElementById('your-turn-count');
    el.textContent = list.count() ? String(list.count()) : '';
    el.hidden = !list.count();
});
  // for debugging and the browser tests
// The bell in the menu: the notification list kept on the server.
const bell_view = view_root(document.getElementById('bell'));
const bell = new notifications_ctrl((ctrl) => bell_view.update(notifications_view(ctrl)));
bell.redraw();
window.addEventListener('hashchange', () => bell.close());
window.kibitz = {socket, turns, turns_waiting, sounds: played, bell};  // for debugging and the browser tests
// The header's fixed words, and the language picker.
function label_header() {
    for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll('[data-i18n-aria-label]')) el.setAttribute('aria-label', t(el.dataset.i18nAriaLabel));
    clear(document.getElementById('language')).append(language_picker());
}
// A new language redraws in place: the header, the bell, and the page on
// screen (a page whose unmount has relabel() redraws itself, so a game in
// play keeps its state; any other is mounted again).
on_language(() => {
    label_header();
    name_games();
    show_status(last_status);
    if (socket.ready_) show_me(socket.user);
    bell.redraw();
    if (offline_unmount) show_offline();
    if (!drawn) return;
    if (unmount && unmount.relabel) unmount.relabel();
    else route();
});
language_ready.then(label_header);
socket.connect();
register_service_worker();
load_catalogue().then(() => { if (game_ids.length) first_route(); });
