// Opening an invite link takes the other seat of that private game.
import {socket} from '../net/socket.js';
import {h, clear} from '../ui/dom.js';

export function mount(el, code) {
    const body = h('p', {'data-test': 'invite-status'}, 'Joining the game…');
    el.append(h('section', {class: 'card narrow'}, h('h1', {}, 'Game invitation'), body));
    const off = socket.on('ready', () => {
        socket.request('invite.join', {code}).catch((e) => {
            const text = {
                unknown_invite: 'This invitation is no longer open (taken, cancelled or expired).',
                own_seek: 'This is your own invitation: send this page\'s address to a friend. The game starts when they open it.',
            }[e.code] || e.message || e.code;
            clear(body).append(text, ' ', h('a', {href: '#/'}, 'Back to the lobby'));
        });
    });
    return off;
}
