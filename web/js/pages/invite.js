// #/invite/<code>: an invite's link. The controller: it asks the server what
// the invite is (invite.show, which starts nothing), keeps the answer and
// what the player did with it, and redraws one view (invite_view.js).
// Accept starts the game (game.found takes the tab there, app.js); Decline
// closes the invite and its creator is told. Its creator, opening it, gets
// the link to copy, a way to cancel it, and the news of a decline.
import {socket} from '../net/socket.js';
import {toast} from '../ui/dom.js';
import {view_root} from '../ui/vdom.js';
import {copy_text} from '../ui/copy.js';
import {invite_view} from './invite_view.js';
import {error_text} from '../i18n/errors.js';

export function mount(el, code) {
    const st = {code, url: location.href, phase: 'loading', invite: null, busy: false, error: '', copied: false, declined_by: null};
    const view = view_root(el);
    const render = () => view.update(invite_view(st, act));

    // A refusal of the whole invite, in the player's words; anything else
    // (a guest and a rated game, too many games) is said under the buttons.
    function refused(e) {
        st.busy = false;
        if (e.code === 'unknown_invite') st.phase = 'gone';
        else if (e.code === 'own_seek') st.phase = 'own';
        else if (st.phase === 'open') st.error = error_text(e);
        else { st.phase = 'error'; st.error = error_text(e); }
        render();
    }
    function answer(type) {
        st.busy = true;
        st.error = '';
        render();
        return socket.request(type, {code}).then(() => true, (e) => { refused(e); return false; });
    }
    const act = {
        accept: () => answer('invite.accept'),
        decline: () => answer('invite.decline').then((ok) => { if (ok) { st.phase = 'declined'; st.busy = false; render(); } }),
        copy: () => copy_text(st.url).then((ok) => { if (ok) { st.copied = true; render(); } }),
        cancel: () => socket.request('invite.cancel', {code})
            .then(() => { st.phase = 'cancelled'; render(); })
            .catch((e) => toast(error_text(e), 'error')),
    };

    const offs = [
        socket.on('invite.shown', (d) => {
            if (d.code !== code) return;
            st.invite = d;
            st.phase = 'open';
            render();
        }),
        socket.on('invite.declined', (d) => {
            if (d.code !== code) return;
            st.declined_by = d.by;
            render();
        }),
        // After every (re)connection, unless the invite is answered already.
        socket.on('ready', () => {
            if (st.phase === 'loading' || st.phase === 'open') socket.request('invite.show', {code}).catch(refused);
        }),
    ];
    render();
    return () => offs.forEach((off) => off());
}
