// The one WebSocket of this tab. It says hello with the stored token, keeps
// the token the server hands out, reconnects with backoff, and lets pages
// subscribe to message types. Pages re-send their subscriptions from an
// on('ready') handler, which runs after every welcome (first and reconnect).
const token_key = 'kibitz.token';

class socket_client {
    constructor() {
        this.ws_ = null;
        this.listeners_ = new Map();   // type -> Set(fn)
        this.pending_ = new Map();     // ack id -> {resolve, reject, timer}
        this.next_ack_ = 1;
        this.backoff_ms_ = 500;
        this.ready_ = false;
        this.user = null;
        this.status = 'connecting';
        this.closing_ = false;
        this.retry_timer_ = 0;
        // The network is back: dial now rather than at the end of the backoff.
        window.addEventListener('online', () => {
            if (this.ws_ || this.closing_) return;
            this.backoff_ms_ = 500;
            this.connect();
        });
    }

    connect() {
        if (this.ws_) return;
        clearTimeout(this.retry_timer_);  // one dialling at a time (the network came back early)
        const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const ws = new WebSocket(`${proto}//${location.host}/ws`);
        this.ws_ = ws;
        this.set_status_('connecting');
        ws.onopen = () => {
            const token = localStorage.getItem(token_key);
            ws.send(JSON.stringify({t: 'hello', d: token ? {token} : {}}));
        };
        ws.onmessage = (ev) => {
            let msg;
            try { msg = JSON.parse(ev.data); } catch { return; }
            this.dispatch_(msg);
        };
        ws.onclose = () => {
            if (this.ws_ !== ws) return;
            this.ws_ = null;
            this.ready_ = false;
            for (const [, p] of this.pending_) { clearTimeout(p.timer); p.reject({code: 'disconnected', message: 'connection lost'}); }  // not for people: a developer's message (people read error_text of the code)
            this.pending_.clear();
            this.set_status_('offline');
            if (this.closing_) return;
            // Backoff with jitter so a restarted server is not stampeded.
            const wait = this.backoff_ms_ * (0.75 + Math.random() * 0.5);
            this.backoff_ms_ = Math.min(this.backoff_ms_ * 2, 10000);
            this.retry_timer_ = setTimeout(() => this.connect(), wait);
        };
    }

    // Drops the connection and dials again (e.g. after logging in: new token).
    reconnect() {
        const ws = this.ws_;
        this.ws_ = null;
        this.ready_ = false;
        if (ws) { ws.onclose = null; ws.close(); }
        this.backoff_ms_ = 500;
        this.connect();
    }

    // For tests and debugging: close as if the network dropped.
    drop() { if (this.ws_) this.ws_.close(); }

    is_ready() { return this.ready_; }

    on(type, fn) {
        if (!this.listeners_.has(type)) this.listeners_.set(type, new Set());
        this.listeners_.get(type).add(fn);
        // Ready already: run it now, unless the welcome is being handled (a
        // page mounted by a welcome handler would be subscribed twice, once
        // here and once by the 'ready' that follows, and spend the rate budget).
        if (type === 'ready' && this.ready_ && !this.welcoming_) fn(this.user);
        return () => this.listeners_.get(type)?.delete(fn);
    }

    // Fire and forget (nothing sent while disconnected: resync covers it).
    send(t, d) {
        if (!this.ready_ || !this.ws_) return false;
        const msg = d === undefined ? {t} : {t, d};
        this.ws_.send(JSON.stringify(msg));
        return true;
    }

    // A command with an ack id: resolves on `ack`, rejects on `error`.
    request(t, d = {}) {
        return new Promise((resolve, reject) => {
            if (!this.ready_) { reject({code: 'disconnected', message: 'not connected'}); return; }  // not for people: a developer's message (people read error_text of the code)
            const ack = this.next_ack_++;
            if (this.next_ack_ > 2147483647) this.next_ack_ = 1;
            const timer = setTimeout(() => {
                this.pending_.delete(ack);
                reject({code: 'timeout', message: 'no answer from the server'});  // not for people: a developer's message (people read error_text of the code)
            }, 15000);
            this.pending_.set(ack, {resolve, reject, timer});
            this.ws_.send(JSON.stringify({t, d: {...d, ack}}));
        });
    }

    dispatch_(msg) {
        const d = msg.d || {};
        if (msg.t === 'welcome') {
            localStorage.setItem(token_key, d.token);
            this.user = d.user;
            this.rooms = d.rooms || [];
            this.server_offset_ms = (d.server_time || Date.now()) - Date.now();
            this.ready_ = true;
            this.backoff_ms_ = 500;
            this.set_status_('online');
            this.welcoming_ = true;
            try { this.emit_('welcome', d); } finally { this.welcoming_ = false; }
            this.emit_('ready', this.user);
            return;
        }
        // The guest was stored: same name and token, its stored id.
        if (msg.t === 'identity' && d.user) this.user = d.user;
        if (msg.t === 'ack' && this.pending_.has(d.ack)) {
            const p = this.pending_.get(d.ack);
            this.pending_.delete(d.ack);
            clearTimeout(p.timer);
            p.resolve(d);
        }
        if (msg.t === 'error' && d.ack !== undefined && this.pending_.has(d.ack)) {
            const p = this.pending_.get(d.ack);
            this.pending_.delete(d.ack);
            clearTimeout(p.timer);
            p.reject(d);
            return;
        }
        this.emit_(msg.t, d, msg);
    }

    emit_(type, d, msg) {
        for (const fn of [...(this.listeners_.get(type) || [])]) {
            try { fn(d, msg); } catch (e) { console.error(e); }
        }
        if (type !== '*') for (const fn of [...(this.listeners_.get('*') || [])]) fn(d, msg);
    }

    set_status_(s) {
        this.status = s;
        this.emit_('status', s);
    }
}

export const socket = new socket_client();
export function forget_token() { localStorage.removeItem(token_key); }
export function set_token(t) { localStorage.setItem(token_key, t); }
export function get_token() { return localStorage.getItem(token_key); }
