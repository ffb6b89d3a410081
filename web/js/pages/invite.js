// Opening an invite link takes the other seat of that private game. Its
// creator, opening it, gets the link to copy and a way to cancel it.
import {socket} from '../net/socket.js';
import {h, clear, toast} from '../ui/dom.js';
import {copy_text} from '../ui/copy.js';

export function mount(el, code) {
    const body = h('p', {'data-test': 'invite-status'}, 'Joining the game…');
    let own = null;  // the creator's link box, once
    el.append(h('section', {class: 'card narrow'}, h('h1', {}, 'Game invitation'), body));
    const off = socket.on('ready', () => {
        socket.request('invite.join', {code}).catch((e) => {
            const text = {
                unknown_invite: 'This invitation is no longer open (taken, cancelled or expired).',
                own_seek: 'This is your own invitation: send this page\'s address to a friend. The game starts when they open it.',
            }[e.code] || e.message || e.code;
            clear(body).append(text, ' ', h('a', {href: '#/'}, 'Back to the lobby'));
            if (e.code === 'own_seek' && !own) body.after(own = own_invite());
        });
    });

    function own_invite() {
        const url = location.href;
        const copy = h('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: () => copy_text(url, copy)}, 'Copy');
        const box = h('p', {class: 'invite'},
            h('input', {class: 'invite-url', readonly: true, value: url, 'aria-label': 'invite link', onfocus: (ev) => ev.target.select()}),
            copy,
            h('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: () => socket.request('invite.cancel', {code})
                .then(() => { box.remove(); clear(body).append('Invitation cancelled. ', h('a', {href: '#/'}, 'Back to the lobby')); })
                .catch((err) => toast(err.message || err.code, 'error'))}, 'Cancel invite'));
        return box;
    }
    return off;
}
