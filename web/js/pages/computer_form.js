// "Play with the computer", as a view (ui/vdom.js) of the home page's form
// state (lobby_ctrl.js): game, level 1-8, time control and colour; the
// server starts the game at once and sends game.found like any pairing.
import {presets, correspondence_options, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_names, game_ids, colour_names, side_name} from '../catalogue.js';
import {field, select} from './lobby_fields.js';
import {t} from '../i18n/i18n.js';

const levels = [1, 2, 3, 4, 5, 6, 7, 8];  // their words: the catalogue's computer.level_<n>

// `f`: {game, level, tc, colour}; `c`: the controller (set_field, play_computer).
export function computer_view(f, c) {
    const set = (name) => (value) => c.set_field('computer', name, value);
    const times = [['none', t('form.untimed')], ...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ...correspondence_options()];
    const colours = [['random', t('form.random')], ...(colour_names[f.game] || []).map((x) => [x, capitalise(side_name(x))])];
    return v('section', {class: 'card computer'}, v('h2', {}, t('computer.title')),
        v('form', {class: 'computer-form', 'data-test': 'computer-form', onsubmit: (ev) => { ev.preventDefault(); c.play_computer(); }},
            field(t('form.game'), select('computer-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
            field(t('computer.level'), select('computer-level', levels.map((n) => [String(n), `${n} · ${t(`computer.level_${n}`)}`]), f.level, set('level'))),
            field(t('form.time'), select('computer-tc', times, f.tc, set('tc'))),
            field(t('form.colour'), select('computer-colour', colours, f.colour, set('colour'))),
            v('button', {class: 'btn primary', type: 'submit', 'data-test': 'computer-play'}, t('computer.play'))));
}
