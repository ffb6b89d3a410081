// One room's state, kept in step with the server: a full room.state replaces
// it; versioned events (start, move, offer, takeback, end, ratings) apply in
// order; a gap or a reconnect asks for what was missed with room.join {room, v};
// paused and resumed (moves cannot be stored for a while) mark the status,
// berserk (arenas) brings the halved clocks. Ephemeral
// messages (chat, presence, spectators, rematch, premove.line) apply as they come.
import {socket} from './socket.js';
import {api} from './http.js';

// How long to wait before joining again after an answer that passes
// (docs/cluster.md, "What a client does"): a room between two nodes of a
// cluster answers `room_moving`, or `unknown_room` while its game is in play
// in the database. Bounded: about 12 s in all, then the error shows.
const rejoin_waits_ms = [250, 500, 1000, 2000, 4000, 4000];

export class room_sync {
    constructor(room, on_change) {
        this.room = room;
        this.state = null;     // the last room.state, updated in place by events
        this.v = 0;
        this.last = null;      // {path, affected} of the last move, when known
        this.on_change_ = on_change;
        this.offs_ = [];
        this.rejoins_ = 0;     // joins again in a row (rejoin_waits_ms)
        this.closed_ = false;
        const on = (t, fn) => this.offs_.push(socket.on(t, (d, msg) => {
            if (d && d.room === this.room) fn(d, msg);
        }));
        this.offs_.push(socket.on('ready', () => this.join()));
        on('room.state', (d, msg) => this.full_(d, msg.v));
        on('start', (d, msg) => this.versioned_(msg, () => {}));
        on('move', (d, msg) => this.versioned_(msg, () => this.move_(d)));
        on('offer', (d, msg) => this.versioned_(msg, () => this.offer_(d)));
        on('end', (d, msg) => this.versioned_(msg, () => this.end_(d)));
        on('takeback', (d, msg) => this.versioned_(msg, () => this.takeback_(d)));
        on('ratings', (d, msg) => this.versioned_(msg, () => {
            this.state.ratings = d.ratings;
            this.changed_('ratings', d);
        }));
        // The server cannot store moves right now: nothing is played until it can.
        on('paused', (d, msg) => this.versioned_(msg, () => this.paused_(d, d.reason)));
        on('resumed', (d, msg) => this.versioned_(msg, () => this.paused_(d, null)));
        // An arena's seat went berserk: its clock halved (the clocks say whose).
        on('berserk', (d, msg) => this.versioned_(msg, () => {
            this.state.clocks = d.clocks;
            this.state.clocks_at = performance.now();
            this.changed_('berserk', d);
        }));
        on('room.synced', (d) => {
            if (!this.state) return;
            this.state.spectators = d.spectators;
            for (const p of d.players || []) this.presence_(p);
            this.changed_('synced');
        });
        on('presence', (d) => { if (this.state) { this.presence_(d); this.changed_('presence'); } });
        on('spectators', (d) => { if (this.state) { this.state.spectators = d.count; this.changed_('spectators'); } });
        on('chat', (d) => {
            if (!this.state) return;
            this.state.chat = [...(this.state.chat || []), {from: d.from, seat: d.seat, text: d.text}].slice(-50);
            this.changed_('chat');
        });
        on('rematch', (d) => { if (this.state) { this.state.rematch_next = d.next; this.changed_('rematch'); } });
        // The player's own conditional premove line (correspondence), as it now stands.
        on('premove.line', (d) => { if (this.state) { this.state.premove = d.line; this.changed_('premove'); } });
    }

    // (Re)join: with the version we hold, so the server can send only what we missed.
    join() {
        const d = {room: this.room};
        if (this.state && this.v > 0) d.v = this.v;
        socket.request('room.join', d).catch(async (e) => {
            // Asked too fast (the rate budget): ask again shortly.
            if (e.code === 'rate_limited') { setTimeout(() => this.join(), 1000); return; }
            if (e.code === 'room_moving' && this.rejoin_()) return;
            // A finished game's room closes some minutes after the end (or at
            // a restart), but its link works forever: the stored game is its
            // replay. `stored` tells the page to show that instead.
            if (e.code === 'unknown_room') {
                const r = await api('GET', `/api/games/${encodeURIComponent(this.room)}`);
                // Still in play: the room is between two nodes for a moment.
                if (r && !r.error && r.status && r.status.state === 'playing' && this.rejoin_()) return;
                this.stored = !!(r && !r.error && r.moves);
                // The rematch it led to, and who played it (a spectator follows).
                this.stored_rematch = this.stored && r.rematch || null;
                this.stored_players = this.stored ? (r.players || []).map((p) => p.name) : [];
            }
            this.error = e;
            this.changed_('error');
        });
    }

    // Joins again after the next wait, unless the waits are used up (false).
    rejoin_() {
        if (this.closed_ || this.rejoins_ >= rejoin_waits_ms.length) return false;
        setTimeout(() => { if (!this.closed_ && socket.is_ready()) this.join(); }, rejoin_waits_ms[this.rejoins_++]);
        return true;
    }

    close() {
        this.closed_ = true;
        this.offs_.forEach((f) => f());
        if (socket.is_ready()) socket.send('room.leave', {room: this.room});
    }

    full_(d, v) {
        this.state = d;
        d.clocks_at = performance.now();
        if (d.next) d.rematch_next = d.next;
        this.v = v || 0;
        this.error = null;
        this.rejoins_ = 0;
        // The server names the last move (a reload, a reconnect, a spectator mid-game).
        this.last = d.last ? {path: d.last.path || [], affected: d.last.affected || []} : null;
        this.cells = d.board.cells;
        this.changed_('state');
    }

    versioned_(msg, apply) {
        if (!this.state) return;
        if (msg.v <= this.v) return;  // already seen (replayed after a resync)
        if (msg.v > this.v + 1) { this.join(); return; }  // a gap: ask for the rest
        apply();
        this.v = msg.v;
    }

    move_(d) {
        const s = this.state;
        // The path of the move just played, from the legal list we were given.
        const m = (s.board.moves || []).find((x) => x.text === d.move);
        this.last = m ? {path: m.path, affected: m.affected || []} : null;
        s.board = {...s.board, ...d.board, cells: this.cells};
        if (d.clocks !== undefined) { s.clocks = d.clocks; s.clocks_at = performance.now(); }
        // Correspondence: each move gives the next mover the full allowance from
        // now (the server's clock); the move event does not carry the deadline.
        if (s.tc && s.tc.days > 0) s.deadline_ms = Date.now() + (socket.server_offset_ms || 0) + s.tc.days * 86400000;
        s.moves = [...(s.moves || []), d.move];
        if (s.offers && s.offers.draw >= 0 && s.offers.draw !== d.seat) s.offers.draw = -1;
        this.changed_('move', d);
    }

    // Moves undone: the server sends the whole move list and board after it.
    takeback_(d) {
        const s = this.state;
        s.board = {...s.board, ...d.board, cells: this.cells};
        if (d.clocks !== undefined) { s.clocks = d.clocks; s.clocks_at = performance.now(); }
        s.moves = d.moves;
        this.last = d.last ? {path: d.last.path || [], affected: d.last.affected || []} : null;
        if (s.offers) s.offers.takeback = -1;
        this.changed_('takeback', d);
    }

    offer_(d) {
        const s = this.state;
        s.offers = s.offers || {draw: -1, rematch: [false, false], takeback: -1};
        if (d.kind === 'draw') s.offers.draw = d.state === 'open' ? d.by : -1;
        else if (d.kind === 'takeback') s.offers.takeback = d.state === 'open' ? d.by : -1;
        else if (d.kind === 'rematch') {
            const r = [...(s.offers.rematch || [false, false])];
            r[d.by] = d.state === 'open' || d.state === 'accepted';
            if (d.state === 'declined' || d.state === 'cancelled') { r[0] = r[1] = false; }
            s.offers.rematch = r;
        }
        this.changed_('offer', d);
    }

    end_(d) {
        const s = this.state;
        s.status = d.status;
        if (d.clocks !== undefined) { s.clocks = d.clocks; s.clocks_at = performance.now(); }
        s.board = {...s.board, moves: []};
        s.offers = {...(s.offers || {}), draw: -1};
        this.changed_('end', d);
    }

    paused_(d, reason) {
        const s = this.state;
        s.status = {...s.status};
        if (reason) s.status.paused = reason; else delete s.status.paused;
        if (d.clocks !== undefined) { s.clocks = d.clocks; s.clocks_at = performance.now(); }
        this.changed_(reason ? 'paused' : 'resumed', d);
    }

    presence_(p) {
        const pl = (this.state.players || []).find((x) => x.seat === p.seat);
        if (!pl) return;
        if ('connected' in p) pl.connected = p.connected;
        if (p.state) pl.connected = p.state !== 'disconnected';
        pl.claim_at = p.claim_in_ms !== undefined ? performance.now() + p.claim_in_ms : null;
    }

    changed_(what, d) { this.on_change_(what, d); }
}
