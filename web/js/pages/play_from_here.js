// The analysis board's way into a real game from the position on the board:
// against the computer (at a chosen level and colour), or a friend through an
// invite link. The server checks the position and starts the game there
// (casual, untimed); game.found then opens the game page as for any pairing.
import {socket} from '../net/socket.js';
import {h, clear, capitalise, toast} from '../ui/dom.js';
import {colour_names} from '../catalogue.js';

const levels = [1, 2, 3, 4, 5, 6, 7, 8];

// `position()` gives the current position text, or null when the game is over there.
export function play_from_here(game, position) {
    const level = h('select', {'data-test': 'here-level', 'aria-label': 'computer level'},
        levels.map((l) => h('option', {value: String(l)}, `Level ${l}`)));
    level.value = '3';
    const colour = h('select', {'data-test': 'here-colour', 'aria-label': 'your colour'},
        h('option', {value: 'random'}, 'Random colour'),
        (colour_names[game] || []).map((c) => h('option', {value: c}, capitalise(c))));
    const invite_el = h('div', {class: 'invite-here', 'data-test': 'here-invite'});
    let invite_code = null;
    const off = socket.on('invite.created', (d) => {
        if (d.position === undefined || d.game !== game) return;
        invite_code = d.code;
        const url = `${location.origin}${location.pathname}${d.path.replace(/^\//, '')}`;
        const link = h('input', {class: 'invite-url', readonly: true, value: url, 'data-test': 'here-invite-url', onfocus: (e) => e.target.select()});
        clear(invite_el).append(h('p', {}, 'Send this link to a friend: the game starts from this position when they accept it.'), link,
            h('button', {class: 'btn small', type: 'button', onclick: () => navigator.clipboard.writeText(url).then(() => toast('Copied'), () => link.select())}, 'Copy'),
            h('button', {class: 'btn small', type: 'button', onclick: cancel}, 'Cancel'));
    });

    // The friend said no: the invite is closed, and this panel says so.
    const off_declined = socket.on('invite.declined', (d) => {
        if (d.code !== invite_code) return;
        invite_code = null;
        clear(invite_el).append(h('p', {role: 'status', 'data-test': 'here-declined'}, `${d.by.name} declined your invitation.`));
    });

    function current() {
        const text = position();
        if (!text) toast('The game is over in this position', 'error');
        return text;
    }
    async function computer() {
        const text = current();
        if (!text) return;
        try {
            await socket.request('computer.play', {game, level: Number(level.value), tc: null, color: colour.value, position: text});
        } catch (e) { toast(e.message || e.code, 'error'); }
    }
    async function friend() {
        const text = current();
        if (!text) return;
        try { await socket.request('invite.create', {game, tc: null, rated: false, color: colour.value, position: text}); } catch (e) { toast(e.message || e.code, 'error'); }
    }
    async function cancel() {
        if (!invite_code) return;
        try { await socket.request('invite.cancel', {code: invite_code}); clear(invite_el); invite_code = null; } catch (e) { toast(e.message || e.code, 'error'); }
    }

    const el = h('section', {class: 'play-here', 'data-test': 'play-here'}, h('h2', {}, 'Play from here'),
        h('div', {class: 'actions'}, level, colour),
        h('div', {class: 'actions'},
            h('button', {class: 'btn small', type: 'button', 'data-test': 'here-computer', onclick: computer}, 'Play the computer from here'),
            h('button', {class: 'btn small', type: 'button', 'data-test': 'here-friend', onclick: friend}, 'Challenge a friend from here')),
        invite_el);
    return {el, dispose: () => { off(); off_declined(); }};
}
