// The bots (issue 26): every bot account, most recently made first, with its
// ratings per game, whether its program is connected now, and its latest
// games (GET /api/bots). A bot's own page (player.js) has the "Challenge"
// button. The page owns only what it loaded and redraws one view.
import {api} from '../net/http.js';
import {v, view_root} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {bot_tag} from '../ui/bot_tag.js';
import {outcome} from './player.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

// The bot's side of a game: bots.won_against, bots.lost_against, bots.drew_against.
const outcome_keys = {win: 'won', loss: 'lost', draw: 'drew'};

function rating_text(x) {
    return `${game_names[x.game] || x.game} ${Math.round(x.rating)}${x.provisional ? '?' : ''}`;
}

// One of the bot's latest games, told from the bot's side.
function recent_game(g, name) {
    const opponent = (g.seats || []).find((p) => p.name !== name);
    const o = outcome(g, name);
    const said = t(`bots.${o ? outcome_keys[o] : 'playing'}_against`, {name: opponent ? opponent.name : '?'});
    return v('li', {'data-game-id': g.id},
        v('a', {href: `#/replay/${encodeURIComponent(g.id)}`}, `${game_names[g.game] || g.game}: ${said}`));
}

function bot_card(b) {
    const profile = `#/player/${encodeURIComponent(b.name)}`;
    return v('li', {class: 'bot-card', 'data-bot': b.name},
        v('div', {class: 'bot-head'},
            v('a', {href: profile, class: 'bot-name'}, b.name), bot_tag(b),
            v('span', {class: `bot-presence ${b.online ? 'on' : 'off'}`, 'data-test': 'bot-online'},
                b.online ? t('conn.online') : t('bots.offline'))),
        v('p', {class: 'muted', 'data-test': 'bot-ratings'},
            (b.ratings || []).length ? b.ratings.map(rating_text).join(' · ') : t('bots.no_rated_games')),
        (b.recent || []).length
            ? v('ul', {class: 'bot-recent', 'aria-label': t('bots.latest_games', {name: b.name})}, b.recent.map((g) => recent_game(g, b.name)))
            : null,
        v('a', {class: 'btn small', href: profile, 'data-test': 'bot-open'}, t('bots.profile_and_challenge')));
}

function bots_view(st) {
    if (st.error) return v('p', {class: 'error'}, st.error);
    if (!st.bots) return v('p', {class: 'muted'}, t('common.loading'));
    if (!st.bots.length) return v('p', {class: 'muted', 'data-test': 'no-bots'}, t('bots.none'));
    return v('ul', {class: 'bot-list', 'data-test': 'bot-list'}, st.bots.map(bot_card));
}

export function mount(el) {
    const view = view_root(el);
    const st = {bots: null, error: ''};
    let alive = true;
    const render = () => view.update(v('section', {class: 'card bots'},
        v('h1', {}, t('nav.bots')),
        v('p', {}, `${t('bots.explain')} `, `${t('bots.bring_engine')} `, v('a', {href: '#/login'}, t('bots.account_page')), t('invite.end')),
        bots_view(st)));
    render();
    api('GET', '/api/bots').then((r) => {
        if (!alive) return;
        if (r.error) st.error = error_text(r);
        else st.bots = r.bots || [];
        render();
    });
    return () => { alive = false; };
}
