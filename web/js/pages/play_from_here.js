// The analysis board's way into a real game from the position on the board,
// as a view (ui/vdom.js) of the analysis controller's state (analysis.js):
// against the computer (at a chosen level and colour), or a friend through an
// invite link. The server checks the position and starts the game there
// (casual, untimed); game.found then opens the game page as for any pairing.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {colour_names} from '../catalogue.js';

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
    return v('section', {class: 'play-here', 'data-test': 'play-here'}, v('h2', {}, 'Play from here'),
        v('div', {class: 'actions'},
            v('select', {'data-test': 'here-level', 'aria-label': 'computer level', onchange: (e) => act.here_set('level', e.target.value)},
                levels.map((l) => v('option', chosen(String(l), here.level), `Level ${l}`))),
            v('select', {'data-test': 'here-colour', 'aria-label': 'your colour', onchange: (e) => act.here_set('colour', e.target.value)},
                v('option', chosen('random', here.colour), 'Random colour'),
                (colour_names[game] || []).map((c) => v('option', chosen(c, here.colour), capitalise(c))))),
        v('div', {class: 'actions'},
            v('button', {class: 'btn small', type: 'button', 'data-test': 'here-computer', onclick: act.here_computer}, 'Play the computer from here'),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'here-friend', onclick: act.here_friend}, 'Challenge a friend from here')),
        v('div', {class: 'invite-here', 'data-test': 'here-invite'}, here.invite ? [
            v('p', {}, 'Send this link to a friend: the game starts from this position when they accept it.'),
            v('input', {class: 'invite-url', readonly: true, props: {value: here.invite.url}, 'data-test': 'here-invite-url',
                'aria-label': 'invite link', onfocus: (e) => e.target.select()}),
            v('button', {class: 'btn small', type: 'button', onclick: act.here_copy}, 'Copy'),
            v('button', {class: 'btn small', type: 'button', onclick: act.here_cancel}, 'Cancel')]
            : here.declined_by ? v('p', {role: 'status', 'data-test': 'here-declined'}, `${here.declined_by} declined your invitation.`) : []));
}
