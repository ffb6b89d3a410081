// "Play with the computer", as a view (ui/vdom.js) of the home page's form
// state (lobby_ctrl.js): game, level 1-8, time control and colour; the
// server starts the game at once and sends game.found like any pairing.
import {presets, correspondence_options, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_names, game_ids, colour_names} from '../catalogue.js';
import {field, select} from './lobby_fields.js';

const level_hints = ['a first game', 'a beginner', 'casual', 'a club player', 'strong', 'very strong', 'expert', 'full strength'];

// `f`: {game, level, tc, colour}; `c`: the controller (set_field, play_computer).
export function computer_view(f, c) {
    const set = (name) => (value) => c.set_field('computer', name, value);
    const times = [['none', 'Untimed'], ...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ...correspondence_options];
    const colours = [['random', 'Random'], ...(colour_names[f.game] || []).map((x) => [x, capitalise(x)])];
    return v('section', {class: 'card computer'}, v('h2', {}, 'Play with the computer'),
        v('form', {class: 'computer-form', 'data-test': 'computer-form', onsubmit: (ev) => { ev.preventDefault(); c.play_computer(); }},
            field('Game', select('computer-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
            field('Level', select('computer-level', level_hints.map((hint, i) => [String(i + 1), `${i + 1} · ${hint}`]), f.level, set('level'))),
            field('Time', select('computer-tc', times, f.tc, set('tc'))),
            field('Colour', select('computer-colour', colours, f.colour, set('colour'))),
            v('button', {class: 'btn primary', type: 'submit', 'data-test': 'computer-play'}, 'Play the computer')));
}
