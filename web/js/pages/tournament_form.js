// "Create a tournament", as a view (ui/vdom.js) of the tournament list's
// form state (tournaments.js): an arena (a duration) or a Swiss event
// (rounds and the rest between them), game, clock, rated or casual, an
// optional entry code (a private event) and the start. For accounts only;
// POST /api/tournaments checks every bound and says why it refuses.
import {v} from '../ui/vdom.js';
import {game_names, game_ids} from '../catalogue.js';
import {field, select, number} from './lobby_fields.js';
import {t} from '../i18n/i18n.js';

export function empty_form() {
    return {kind: 'arena', name: '', game: '', initial_min: 3, increment_s: 2, minutes: 45,
        rounds: 5, interval_s: 60, rated: false, code: '', starts_in_min: 10, message: '', busy: false};
}

// The request body from the form (numbers as typed; the server checks them).
export function form_body(f) {
    const body = {name: f.name.trim(), kind: f.kind, game: f.game || game_ids[0], rated: f.rated,
        tc: {initial_s: Math.round(Number(f.initial_min) * 60), increment_s: Number(f.increment_s)},
        starts_in_s: Math.round(Number(f.starts_in_min) * 60)};
    if (f.kind === 'swiss') Object.assign(body, {rounds: Number(f.rounds), interval_s: Number(f.interval_s)});
    else body.minutes = Number(f.minutes);
    if (f.code.trim()) body.code = f.code.trim();
    return body;
}

// `f`: the form state; `c`: {set(name, value), submit()}; `account`: may create.
export function tournament_form(f, c, account) {
    if (!account) return v('section', {class: 'card', 'data-test': 'create-tournament'},
        v('h2', {}, t('tform.title')), v('p', {class: 'muted'}, v('a', {href: '#/login'}, t('header.log_in')), ` ${t('tform.log_in_to_create')}`));
    const set = (name) => (value) => c.set(name, value);
    const num = (name, label, attrs) => field(label, number(`t-${name}`, label, f[name], {'data-test': `t-${name}`, ...attrs}, set(name)));
    return v('section', {class: 'card', 'data-test': 'create-tournament'},
        v('h2', {}, t('tform.title')),
        v('form', {class: 'tournament-form', onsubmit: (ev) => { ev.preventDefault(); c.submit(); }},
            field(t('tform.name'), v('input', {type: 'text', name: 't-name', 'data-test': 't-name', maxlength: 64, required: true,
                props: {value: f.name}, oninput: (ev) => c.set('name', ev.target.value)})),
            field(t('tform.kind'), select('t-kind', [['arena', t('tform.arena')], ['swiss', t('tform.swiss')]], f.kind, set('kind'))),
            field(t('form.game'), select('t-game', game_ids.map((g) => [g, game_names[g]]), f.game || game_ids[0], set('game'))),
            num('initial_min', t('tform.minutes_each'), {min: 0, max: 180, step: 0.5}),
            num('increment_s', t('tform.seconds_a_move'), {min: 0, max: 180}),
            f.kind === 'swiss' ? [num('rounds', t('tform.rounds'), {min: 1, max: 50}), num('interval_s', t('tform.seconds_between_rounds'), {min: 0, max: 86400})]
                : num('minutes', t('tform.duration'), {min: 1, max: 1440}),
            num('starts_in_min', t('tform.starts_in'), {min: 0, max: 44640}),
            field(t('tform.entry_code'), v('input', {type: 'text', name: 't-code', 'data-test': 't-code', maxlength: 32,
                props: {value: f.code}, oninput: (ev) => c.set('code', ev.target.value)})),
            v('label', {class: 'field'}, v('input', {type: 'checkbox', 'data-test': 't-rated', props: {checked: f.rated},
                onchange: (ev) => c.set('rated', ev.target.checked)}), v('span', {}, t('form.rated'))),
            v('button', {class: 'btn primary', type: 'submit', 'data-test': 't-create', disabled: f.busy}, t('tform.create')),
            f.message ? v('p', {role: 'alert', 'data-test': 't-message'}, f.message) : null));
}
