// The "your turn" list: the player's correspondence games where it is their
// move, as GET /api/games/your-turn gives them (the least time left first,
// each with its board for a mini board; schema/protocol.md), kept for the
// menu's count, the lobby's panel and #/your-turn. Fetched after each
// welcome and whenever net/your_turn.js sees a turn change; a game the player
// just moved in leaves at once. The store may not have the opponent's move
// yet when its event arrives, so a fetch that does not list the game that
// became theirs is asked again, a few times, each later than the last.
// Owns: the list, the offset from this page's clock to the server's. Runs on
// the page's thread; `on(fn)` hears every change (returns its unsubscribe).
import {api} from './http.js';

const retries_ms = [300, 1000, 3000];

class turn_list {
    constructor() {
        this.games = [];
        this.loaded = false;
        this.offset_ms = 0;      // server time of day - Date.now()
        this.listeners_ = new Set();
        this.fetching_ = null;
        this.again_ = false;
    }

    on(fn) { this.listeners_.add(fn); return () => this.listeners_.delete(fn); }
    count() { return this.games.length; }
    // The server's time of day now (the deadlines are on its clock).
    server_now() { return Date.now() + this.offset_ms; }

    // After a welcome: an account asks; a guest only with a game in progress
    // (a guest is stored with its first game: before that it has no list, and
    // the server would answer 401). Otherwise the list is empty (a log-out
    // leaves no account's games behind).
    welcomed(d) {
        const user = d && d.user;
        if (user && (!user.guest || (d.rooms || []).length)) { this.refresh(); return; }
        this.games = [];
        this.loaded = true;
        this.changed_();
    }

    // Asks the server again; with `expect`, until that room is listed (a few tries).
    refresh(expect = null, attempt = 0) {
        if (this.fetching_) { this.again_ = true; return; }
        this.fetching_ = api('GET', '/api/games/your-turn').then((d) => {
            this.fetching_ = null;
            if (d && Array.isArray(d.games)) {
                this.games = d.games;
                this.loaded = true;
                if (typeof d.now_ms === 'number') this.offset_ms = d.now_ms - Date.now();
                this.changed_();
            }
            if (this.again_) { this.again_ = false; this.refresh(expect); return; }
            const missing = expect && !this.games.some((g) => g.id === expect);
            if (missing && attempt < retries_ms.length) setTimeout(() => this.refresh(expect, attempt + 1), retries_ms[attempt]);
        });
    }

    // A room's turn changed (net/your_turn.js): gone from the list if it is no
    // longer the player's move; fetched if it became so.
    turned(room, mine) {
        if (!mine) {
            const before = this.games.length;
            this.games = this.games.filter((g) => g.id !== room);
            if (this.games.length !== before) this.changed_();
        } else if (!this.games.some((g) => g.id === room)) {
            this.refresh(room);
        }
    }

    changed_() { for (const fn of this.listeners_) fn(this); }
}

export const turns_waiting = new turn_list();
