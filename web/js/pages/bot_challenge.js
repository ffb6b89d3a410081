// "Challenge" on an account's profile (issue 26; a person's too, issue 43):
// game, clock, colour and rated, sent as the bot API's own challenge (POST
// /api/challenge/<name>, with the page's session). A refusal (a block, the
// challenge budget) is shown in the server's words. The bot answers on its own: an accept starts the game and
// every tab of the challenger goes there (app.js follows game.found), a
// decline comes back as invite.declined with lichess's reason. The panel owns
// its form state and the open challenge, and redraws through `redraw`.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {presets, correspondence_options, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_ids, game_names, colour_names, side_name} from '../catalogue.js';
import {field, select} from './lobby_fields.js';
import {tc_of} from './lobby_ctrl.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

// The decline reasons bots give (schema/bot_api.md, "Challenges"): the
// catalogue's bots.decline_<reason>, "{bot} declined the challenge".
const reasons = ['generic', 'later', 'tooFast', 'tooSlow', 'timeControl', 'rated', 'casual', 'standard', 'variant', 'noBot', 'onlyBot'];

export class bot_challenge {
    constructor(bot, redraw) {
        this.bot = bot;
        this.redraw = redraw;
        this.f = {game: game_ids[0], tc: '300+3', colour: 'random', rated: false};
        this.open = null;  // the challenge's id while the bot has not answered
        this.msg = '';
        this.offs = [socket.on('invite.declined', (d) => {
            if (!this.open || d.code !== this.open) return;
            this.open = null;
            this.msg = t(`bots.decline_${reasons.includes(d.reason) ? d.reason : 'generic'}`, {bot: this.bot});
            this.redraw();
        }), socket.on('game.found', () => { this.open = null; })];
    }

    set(name, value) { this.f[name] = value; if (name === 'game') this.f.colour = 'random'; this.redraw(); }

    async send() {
        const {game, tc, colour, rated} = this.f;
        this.msg = '';
        const r = await api('POST', `/api/challenge/${encodeURIComponent(this.bot)}`,
            {game, tc: tc_of(tc), color: colour, rated});
        if (r.error) this.msg = error_text(r);
        else { this.open = r.challenge.id; this.msg = t('bots.waiting_answer', {bot: this.bot}); }
        this.redraw();
    }

    async cancel() {
        const id = this.open;
        this.open = null;
        const r = await api('POST', `/api/challenge/${encodeURIComponent(id)}/cancel`);
        this.msg = r.error ? error_text(r) : t('bots.withdrawn');
        this.redraw();
    }

    // The challenge stays open when the page goes: an accept takes every tab
    // of the challenger to the game wherever it is (app.js).
    close() { this.offs.forEach((off) => off()); }
}

// The panel, for a logged-in person; a guest is asked to log in first.
export function bot_challenge_view(c, me) {
    const head = v('h2', {}, t('bots.challenge_title', {bot: c.bot}));
    if (!me || me.guest)
        return v('section', {class: 'bot-challenge', 'data-test': 'bot-challenge'}, head,
            v('p', {}, v('a', {class: 'btn small primary', href: '#/login'}, t('header.log_in')), ` ${t('bots.log_in_to_challenge')}`));
    const f = c.f, set = (name) => (value) => c.set(name, value);
    const times = [['none', t('form.untimed')], ...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ...correspondence_options()];
    const colours = [['random', t('form.random')], ...(colour_names[f.game] || []).map((x) => [x, capitalise(side_name(x))])];
    return v('section', {class: 'bot-challenge', 'data-test': 'bot-challenge'}, head,
        v('form', {class: 'computer-form', onsubmit: (ev) => { ev.preventDefault(); c.send(); }},
            field(t('form.game'), select('challenge-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
            field(t('form.time'), select('challenge-tc', times, f.tc, set('tc'))),
            field(t('form.colour'), select('challenge-colour', colours, f.colour, set('colour'))),
            v('label', {class: 'field check'},
                v('input', {type: 'checkbox', name: 'challenge-rated', 'data-test': 'challenge-rated', props: {checked: f.rated},
                    onchange: (ev) => c.set('rated', ev.target.checked)}),
                v('span', {}, t('form.rated'))),
            c.open
                ? v('button', {class: 'btn', type: 'button', 'data-test': 'challenge-cancel', onclick: () => c.cancel()}, t('bots.cancel_challenge'))
                : v('button', {class: 'btn primary', type: 'submit', 'data-test': 'challenge-send'}, t('bots.challenge'))),
        v('p', {class: 'form-msg', role: 'status', 'data-test': 'challenge-msg'}, c.msg));
}
