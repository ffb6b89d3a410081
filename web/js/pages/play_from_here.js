// The analysis board's way into a real game from the position on the board,
// as a view (ui/vdom.js) of the analysis controller's state (analysis.js):
// against the computer (at a chosen level and colour), or a friend through an
// invite link. The server checks the position and starts the game there
// (casual, untimed); game.found then opens the game page as for any pairing.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {colour_names, side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';

const levels = [1, 2, 3, 4, 5, 6, 7, 8];

// What the panel starts with: level 3, a random colour, no invite out.
export function here_state() { return {level: '3', colour: 'random', invite: null, declined_by: null}; }

// The invite link of `d` (an invite.created answer) for this page's address.
export function invite_url(d) { return `${location.origin}${location.pathname}${d.path.replace(/^\//, '')}`; }

// `here`: {level, colour, invite: {code, url} or null, declined_by: the name of the
// friend who declined the last one, or null}; `act`: {here_set(field, value),
// here_computer, here_friend, here_cancel, here_copy}.
export function here_view(game, here, act) {
    const chosen = (val, cur) => ({key: val, value: val, props: {selected: val === cur}});
    return v('section', {class: 'play-here', 'data-test': 'play-here'}, v('h2', {}, t('here.title')),
        v('div', {class: 'actions'},
            v('select', {'data-test': 'here-level', 'aria-label': t('here.level'), onchange: (e) => act.here_set('level', e.target.value)},
                levels.map((l) => v('option', chosen(String(l), here.level), t('here.level_n', {n: l})))),
            v('select', {'data-test': 'here-colour', 'aria-label': t('here.colour'), onchange: (e) => act.here_set('colour', e.target.value)},
                v('option', chosen('random', here.colour), t('here.random_colour')),
                (colour_names[game] || []).map((c) => v('option', chosen(c, here.colour), capitalise(side_name(c)))))),
        v('div', {class: 'actions'},
            v('button', {class: 'btn small', type: 'button', 'data-test': 'here-computer', onclick: act.here_computer}, t('here.computer')),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'here-friend', onclick: act.here_friend}, t('here.friend'))),
        v('div', {class: 'invite-here', 'data-test': 'here-invite'}, here.invite ? [
            v('p', {}, t('here.send_link')),
            v('input', {class: 'invite-url', readonly: true, props: {value: here.invite.url}, 'data-test': 'here-invite-url',
                'aria-label': t('lobby.invite_link'), onfocus: (e) => e.target.select()}),
            v('button', {class: 'btn small', type: 'button', onclick: act.here_copy}, t('lobby.copy')),
            v('button', {class: 'btn small', type: 'button', onclick: act.here_cancel}, t('lobby.cancel'))]
            : here.declined_by ? v('p', {role: 'status', 'data-test': 'here-declined'}, `${here.declined_by} ${t('invite.declined_yours')}`) : []));
}
