// The page shown when the app starts without the server (offline, from the
// service worker's cache): it says so, and goes away by itself when the
// connection comes back (app.js then draws the page asked for). The socket
// keeps dialling with its backoff and at once when the browser says it is
// online again; "Try now" dials without waiting.
// One controller (offline_ctrl below) and one view (offline_view.js).
import {view_root} from '../ui/vdom.js';
import {socket} from '../net/socket.js';
import {offline_view} from './offline_view.js';

// Owns what the page shows: whether the browser has a network at all and
// how many times the server was tried. Runs on the page's thread.
class offline_ctrl {
    constructor(redraw_view) {
        this.s = {network: navigator.onLine, tries: 1};
        this.redraw_view_ = redraw_view;
    }

    // -- the visitor's intent --
    try_now() { socket.reconnect(); }

    // -- what the browser and the socket say --
    network(on) { this.s.network = on; this.redraw(); }
    status(st) { if (st === 'connecting') { this.s.tries++; this.redraw(); } }

    redraw() { this.redraw_view_(this); }
}

export function mount(el) {
    const root = view_root(el);
    const ctrl = new offline_ctrl((c) => root.update(offline_view(c)));
    ctrl.redraw();
    const on_network = () => ctrl.network(navigator.onLine);
    window.addEventListener('online', on_network);
    window.addEventListener('offline', on_network);
    const off = socket.on('status', (st) => ctrl.status(st));
    return () => {
        off();
        window.removeEventListener('online', on_network);
        window.removeEventListener('offline', on_network);
    };
}
