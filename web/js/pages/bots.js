// The bots (issue 26): every bot account, most recently made first, with its
// ratings per game, whether its program is connected now, and its latest
// games (GET /api/bots). A bot's own page (player.js) has the "Challenge"
// button. The page owns only what it loaded and redraws one view.
import {api} from '../net/http.js';
import {v, view_root} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {bot_tag} from '../ui/bot_tag.js';
import {outcome} from './player.js';

const outcome_words = {win: 'won', loss: 'lost', draw: 'drew'};

function rating_text(x) {
    return `${game_names[x.game] || x.game} ${Math.round(x.rating)}${x.provisional ? '?' : ''}`;
}

// One of the bot's latest games, told from the bot's side.
function recent_game(g, name) {
    const opponent = (g.seats || []).find((p) => p.name !== name);
    const o = outcome(g, name);
    const said = o ? `${outcome_words[o]} against` : 'playing against';
    return v('li', {'data-game-id': g.id},
        v('a', {href: `#/replay/${encodeURIComponent(g.id)}`},
            `${game_names[g.game] || g.game}: ${said} ${opponent ? opponent.name : '?'}`));
}

function bot_card(b) {
    const profile = `#/player/${encodeURIComponent(b.name)}`;
    return v('li', {class: 'bot-card', 'data-bot': b.name},
        v('div', {class: 'bot-head'},
            v('a', {href: profile, class: 'bot-name'}, b.name), bot_tag(b),
            v('span', {class: `bot-presence ${b.online ? 'on' : 'off'}`, 'data-test': 'bot-online'},
                b.online ? 'online' : 'offline')),
        v('p', {class: 'muted', 'data-test': 'bot-ratings'},
            (b.ratings || []).length ? b.ratings.map(rating_text).join(' · ') : 'No rated games yet'),
        (b.recent || []).length
            ? v('ul', {class: 'bot-recent', 'aria-label': `latest games of ${b.name}`}, b.recent.map((g) => recent_game(g, b.name)))
            : null,
        v('a', {class: 'btn small', href: profile, 'data-test': 'bot-open'}, 'Profile and challenge'));
}

function bots_view(st) {
    if (st.error) return v('p', {class: 'error'}, st.error);
    if (!st.bots) return v('p', {class: 'muted'}, 'Loading…');
    if (!st.bots.length) return v('p', {class: 'muted', 'data-test': 'no-bots'}, 'No bots yet.');
    return v('ul', {class: 'bot-list', 'data-test': 'bot-list'}, st.bots.map(bot_card));
}

export function mount(el) {
    const view = view_root(el);
    const st = {bots: null, error: ''};
    let alive = true;
    const render = () => view.update(v('section', {class: 'card bots'},
        v('h1', {}, 'Bots'),
        v('p', {}, 'Programs that play here, each on an account marked BOT. Open one to challenge it. ',
            'To bring your own engine, make an API token on ', v('a', {href: '#/login'}, 'your account page'), '.'),
        bots_view(st)));
    render();
    api('GET', '/api/bots').then((r) => {
        if (!alive) return;
        if (r.error) st.error = r.message || r.error;
        else st.bots = r.bots || [];
        render();
    });
    return () => { alive = false; };
}
