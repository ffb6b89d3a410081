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
import {game_ids, game_names, colour_names} from '../catalogue.js';
import {field, select} from './lobby_fields.js';
import {tc_of} from './lobby_ctrl.js';

// The decline reasons bots give (schema/bot_api.md, "Challenges"), for people.
const reasons = {
    generic: 'declined the challenge',
    later: 'cannot play now: try again later',
    tooFast: 'finds that clock too fast',
    tooSlow: 'finds that clock too slow',
    timeControl: 'does not play that clock',
    rated: 'plays casual games only',
    casual: 'plays rated games only',
    standard: 'does not play from a set-up position',
    variant: 'does not play that game',
    noBot: 'does not play bots',
    onlyBot: 'plays bots only',
};

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
            this.msg = `${this.bot} ${reasons[d.reason] || reasons.generic}.`;
            this.redraw();
        }), socket.on('game.found', () => { this.open = null; })];
    }

    set(name, value) { this.f[name] = value; if (name === 'game') this.f.colour = 'random'; this.redraw(); }

    async send() {
        const {game, tc, colour, rated} = this.f;
        this.msg = '';
        const r = await api('POST', `/api/challenge/${encodeURIComponent(this.bot)}`,
            {game, tc: tc_of(tc), color: colour, rated});
        if (r.error) this.msg = r.message || r.error;
        else { this.open = r.challenge.id; this.msg = `Waiting for ${this.bot} to answer…`; }
        this.redraw();
    }

    async cancel() {
        const id = this.open;
        this.open = null;
        const r = await api('POST', `/api/challenge/${encodeURIComponent(id)}/cancel`);
        this.msg = r.error ? (r.message || r.error) : 'Challenge withdrawn.';
        this.redraw();
    }

    // The challenge stays open when the page goes: an accept takes every tab
    // of the challenger to the game wherever it is (app.js).
    close() { this.offs.forEach((off) => off()); }
}

// The panel, for a logged-in person; a guest is asked to log in first.
export function bot_challenge_view(c, me) {
    const head = v('h2', {}, `Challenge ${c.bot}`);
    if (!me || me.guest)
        return v('section', {class: 'bot-challenge', 'data-test': 'bot-challenge'}, head,
            v('p', {}, v('a', {class: 'btn small primary', href: '#/login'}, 'Log in'), ' to challenge a bot.'));
    const f = c.f, set = (name) => (value) => c.set(name, value);
    const times = [['none', 'Untimed'], ...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ...correspondence_options];
    const colours = [['random', 'Random'], ...(colour_names[f.game] || []).map((x) => [x, capitalise(x)])];
    return v('section', {class: 'bot-challenge', 'data-test': 'bot-challenge'}, head,
        v('form', {class: 'computer-form', onsubmit: (ev) => { ev.preventDefault(); c.send(); }},
            field('Game', select('challenge-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
            field('Time', select('challenge-tc', times, f.tc, set('tc'))),
            field('Colour', select('challenge-colour', colours, f.colour, set('colour'))),
            v('label', {class: 'field check'},
                v('input', {type: 'checkbox', name: 'challenge-rated', 'data-test': 'challenge-rated', props: {checked: f.rated},
                    onchange: (ev) => c.set('rated', ev.target.checked)}),
                v('span', {}, 'Rated')),
            c.open
                ? v('button', {class: 'btn', type: 'button', 'data-test': 'challenge-cancel', onclick: () => c.cancel()}, 'Cancel the challenge')
                : v('button', {class: 'btn primary', type: 'submit', 'data-test': 'challenge-send'}, 'Challenge')),
        v('p', {class: 'form-msg', role: 'status', 'data-test': 'challenge-msg'}, c.msg));
}
