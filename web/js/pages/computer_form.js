// "Play with the computer": game, level 1-8, time control and colour; the
// server starts the game at once and sends game.found like any pairing.
import {socket} from '../net/socket.js';
import {h, clear, presets, toast, capitalise} from '../ui/dom.js';
import {game_names, game_ids, colour_names} from '../catalogue.js';

const level_hints = ['a first game', 'a beginner', 'casual', 'a club player', 'strong', 'very strong', 'expert', 'full strength'];

export function computer_card() {
    const game = select('computer-game', game_ids.map((g) => [g, game_names[g]]));
    const level = select('computer-level', level_hints.map((hint, i) => [String(i + 1), `${i + 1} · ${hint}`]));
    level.value = '2';
    const time = select('computer-tc', [['none', 'Untimed'], ...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`])]);
    const colour = select('computer-colour', []);
    const fill_colours = () => {
        clear(colour).append(h('option', {value: 'random'}, 'Random'),
            ...colour_names[game.value].map((c) => h('option', {value: c}, capitalise(c))));
    };
    game.addEventListener('change', fill_colours);
    fill_colours();

    async function play(ev) {
        ev.preventDefault();
        let tc = null;
        if (time.value !== 'none') {
            const [a, b] = time.value.split('+').map(Number);
            tc = {initial_s: a, increment_s: b};
        }
        try {
            await socket.request('computer.play', {game: game.value, level: Number(level.value), tc, color: colour.value});
        } catch (e) { toast(e.message || e.code, 'error'); }
    }

    return h('section', {class: 'card computer'}, h('h2', {}, 'Play with the computer'),
        h('form', {class: 'computer-form', 'data-test': 'computer-form', onsubmit: play},
            field('Game', game), field('Level', level), field('Time', time), field('Colour', colour),
            h('button', {class: 'btn primary', type: 'submit', 'data-test': 'computer-play'}, 'Play the computer')));
}

function field(label, ...inputs) { return h('label', {class: 'field'}, h('span', {}, label), ...inputs); }
function select(name, opts) { return h('select', {name, 'data-test': name}, opts.map(([v, t]) => h('option', {value: v}, t))); }
