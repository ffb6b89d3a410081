// The home page (#/): your correspondence games waiting for your move, quick
// pairing, the computer, the create-a-game form, open seeks, the featured
// game, games in play as mini boards, online counts, your games and invites
// to return to, and the lessons.
// One controller (lobby_ctrl.js) owns the state and answers the server's
// lobby messages and the visitor's intents; one view (lobby_view.js) is
// patched in from it after every change, so focus and typed text survive.
import {socket} from '../net/socket.js';
import {view_root} from '../ui/vdom.js';
import {lobby_ctrl} from './lobby_ctrl.js';
import {lobby_view} from './lobby_view.js';
import {turns_waiting} from '../net/turn_list.js';

// Whether this browser has seen the home page before (remembered from now on).
function seen_before() {
    try {
        const seen = localStorage.getItem('kibitz.home_seen') === '1';
        localStorage.setItem('kibitz.home_seen', '1');
        return seen;
    } catch { return true; }  // no storage: keep the usual order
}

export function mount(el) {
    const root = view_root(el);
    const ctrl = new lobby_ctrl(!seen_before(), (c) => root.update(lobby_view(c, socket.user)));
    const on = {
        'ready': () => ctrl.ready(),
        'lobby.yours': (d) => ctrl.yours(d),
        'lobby.snapshot': (d) => ctrl.snapshot(d),
        'seek.add': (d) => ctrl.seek_added(d, false),
        'seek.created': (d) => ctrl.seek_added(d, true),
        'seek.remove': (d) => ctrl.seek_removed(d),
        'counts': (d) => ctrl.counted(d),
        'live.snapshot': (d) => ctrl.live('snapshot', d),
        'live.add': (d) => ctrl.live('add', d),
        'live.update': (d) => ctrl.live('update', d),
        'live.remove': (d) => ctrl.live('remove', d),
        'quick.queued': (d) => ctrl.queue(d),
        'quick.left': () => ctrl.queue(null),
        'invite.created': (d) => ctrl.invite_created(d),
        'invite.declined': (d) => ctrl.invite_declined(d),
        'tv': (d) => ctrl.featured(d.room || null),
        'tv.update': (d) => ctrl.tv_update(d),
    };
    const offs = Object.entries(on).map(([type, fn]) => socket.on(type, fn));
    offs.push(turns_waiting.on(() => root.update(lobby_view(ctrl, socket.user))));
    root.update(lobby_view(ctrl, socket.user));
    const clock_timer = setInterval(() => ctrl.tick(), 500);

    return () => {
        offs.forEach((f) => f());
        clearInterval(clock_timer);
        ctrl.leave();
    };
}
