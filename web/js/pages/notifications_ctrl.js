// The menu's bell: its controller owns the notification list's state (the
// newest notifications, how many are unread, whether the list is open, the
// player's preferences). The server's `notifications` (the list, after every
// welcome and after marking read), `notification` (one as it happens) and
// `notification.prefs` change it, as do the player's intents; after each
// change one redraw patches the view (notifications_view.js) in. A guest's
// notifications come live only and are kept nowhere, so they are read here.
// `push` is this browser's Web Push switch (net/web_push.js), accounts only.
// Runs on the page's thread.
import {socket} from '../net/socket.js';
import {push_subscribe, push_subscribed, push_supported, push_unsubscribe} from '../net/web_push.js';
import {error_text} from '../i18n/errors.js';

export const notice_kinds = ['game_started', 'your_turn', 'game_over', 'challenge', 'tournament_soon', 'tournament_withdrawn', 'tournament_paused'];
const list_max = 50;

export class notifications_ctrl {
    constructor(redraw_view) {
        this.s = {items: [], unread: 0, open: false, prefs: null, guest: true, error: '',
            push: {supported: push_supported(), on: false, busy: false}};
        this.redraw_view_ = redraw_view;
        socket.on('ready', (user) => {
            this.s.guest = !user || user.guest;
            this.s.prefs = null;
            socket.send('notify.list', {});
            if (!this.s.guest) socket.send('notify.prefs', {});
            if (!this.s.guest && this.s.push.supported)
                push_subscribed().then((on) => { this.s.push.on = on; this.redraw(); }).catch(() => {});
            this.redraw();
        });
        socket.on('notifications', (d) => { this.s.items = d.items || []; this.s.unread = d.unread || 0; this.redraw(); });
        socket.on('notification', (n) => {
            this.s.items = [n, ...this.s.items.filter((x) => !n.id || x.id !== n.id)].slice(0, list_max);
            if (!n.read) this.s.unread += 1;
            this.redraw();
        });
        socket.on('notification.prefs', (p) => { this.s.prefs = p; this.redraw(); });
    }

    // -- the player's intents --
    toggle() { this.s.open = !this.s.open; this.s.error = ''; this.redraw(); }
    close() { if (this.s.open) { this.s.open = false; this.redraw(); } }
    // Following one marks it read (kept ones on the server, which answers with the list).
    follow(n) {
        this.s.open = false;
        if (!n.read) this.mark_read_(n);
        this.redraw();
    }
    read_all() {
        if (this.s.guest) {
            this.s.items = this.s.items.map((x) => ({...x, read: true}));
            this.s.unread = 0;
            return this.redraw();
        }
        this.request_('notify.read', {});
    }
    set_all_off(off) { this.request_('notify.prefs', {all_off: off}); }
    set_kind(kind, on) {
        const muted = new Set(this.s.prefs ? this.s.prefs.muted : []);
        if (on) muted.delete(kind); else muted.add(kind);
        this.request_('notify.prefs', {muted: [...muted]});
    }

    // This browser's push notifications on or off (asks for the permission first).
    async set_push(on) {
        // Drawn as asked while busy, so that a refusal redraws the box off.
        this.s.push = {...this.s.push, busy: true, on};
        this.s.error = '';
        this.redraw();
        const why = on ? await push_subscribe() : await push_unsubscribe();
        this.s.push = {...this.s.push, busy: false, on: on ? !why : false};
        this.s.error = why;
        this.redraw();
    }

    mark_read_(n) {
        if (n.id) return this.request_('notify.read', {id: n.id});
        this.s.items = this.s.items.map((x) => (x === n ? {...x, read: true} : x));
        this.s.unread = Math.max(0, this.s.unread - 1);
    }
    request_(t, d) {
        socket.request(t, d).catch((e) => { this.s.error = error_text(e); this.redraw(); });
    }

    redraw() { this.redraw_view_(this); }
}
