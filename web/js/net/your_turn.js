// Which of the player's games wait for their move, whatever page the tab
// shows. A player's connection receives their rooms' events once it has
// joined them, and keeps receiving them after leaving the game's page
// (schema/protocol.md, `room.leave`); a new game joins it by itself
// (`game.found` and its `room.state`). After each welcome (a first visit or a
// reconnect) the rooms it lists, and those of `lobby.yours`, are joined here
// again, one at a time so the rate budget stays the pages' (a `room.join`
// costs 2), except the one the game page is showing (it joins that itself).
// Owns: per room of the player's, their seat, whose move it is and whether
// it is a correspondence game. Runs on
// the page's thread; `on_change(waiting, became)` hears every change:
// `waiting` the rooms where it is their move, `became` a room where it just
// became so because of a move (null otherwise).
import {socket} from './socket.js';

const join_gap_ms = 250;  // 8 tokens a second at most, under the default 20

export class your_turn {
    constructor(on_change) {
        this.games_ = new Map();   // room -> {seat, to_move, playing}
        this.to_join_ = [];
        this.joining_ = false;
        this.on_change_ = on_change;
        socket.on('welcome', (d) => this.welcome_(d.rooms || []));
        socket.on('lobby.yours', (d) => this.join_all_((d.rooms || []).filter((r) => !this.games_.has(r))));
        socket.on('room.state', (d) => this.state_(d));
        socket.on('move', (d) => this.to_move_(d.room, d.board && d.board.to_move, true));
        socket.on('takeback', (d) => this.to_move_(d.room, d.board && d.board.to_move, false));
        socket.on('end', (d) => { if (this.games_.delete(d.room)) this.changed_(null); });
    }

    // The rooms where it is the player's move now.
    waiting() { return [...this.games_].filter(([, g]) => g.playing && g.to_move === g.seat).map(([r]) => r); }

    // Whether `room` is a correspondence game of the player's whose turns are followed here.
    follows_correspondence(room) { const g = this.games_.get(room); return Boolean(g && g.correspondence); }

    // The games still in play are these: forget the others (over while away), join these.
    welcome_(rooms) {
        for (const r of [...this.games_.keys()]) if (!rooms.includes(r)) this.games_.delete(r);
        this.to_join_ = [];
        this.changed_(null);
        this.join_all_(rooms);
    }

    state_(d) {
        const seat = d.you ? d.you.seat : null;
        if (typeof seat !== 'number' || !d.status || d.status.state !== 'playing') {
            if (this.games_.delete(d.room)) this.changed_(null);
            return;
        }
        const correspondence = Boolean(d.tc && d.tc.days !== undefined);
        this.games_.set(d.room, {seat, to_move: d.board ? d.board.to_move : -1, playing: true, correspondence});
        this.changed_(null);
    }

    to_move_(room, to_move, by_move) {
        const g = this.games_.get(room);
        if (!g || typeof to_move !== 'number' || g.to_move === to_move) return;
        g.to_move = to_move;
        this.changed_(by_move && to_move === g.seat ? room : null);
    }

    changed_(became) { this.on_change_(this.waiting(), became); }

    join_all_(rooms) {
        for (const r of rooms) if (!this.to_join_.includes(r)) this.to_join_.push(r);
        if (!this.joining_) this.join_next_();
    }

    join_next_() {
        const room = this.to_join_.shift();
        if (!room || !socket.is_ready()) { this.joining_ = false; return; }
        this.joining_ = true;
        const next = () => setTimeout(() => this.join_next_(), join_gap_ms);
        if (location.hash === `#/game/${room}`) { next(); return; }  // the game page joins it
        socket.request('room.join', {room}).then(next, (e) => {
            if (e.code === 'rate_limited') this.to_join_.push(room);  // later, after the others
            next();
        });
    }
}
