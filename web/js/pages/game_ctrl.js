// The game page's controller: it owns the page's state (`s`, a plain object
// changed only by the methods here, in answer to the room's events and the
// player's intents), the room's sync (net/room.js: the server's view of the
// room), the board (through game_board.js) and the browsing history. After
// every change it asks for one redraw: the page's view (game_view.js) is
// patched in from the state and the board is brought in step. Runs on the
// page's thread; what it starts (timers, the sync) stops in destroy().
import {socket} from '../net/socket.js';
import {room_sync} from '../net/room.js';
import {toast} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';
import {is_muted, set_muted, play as play_sound} from '../ui/sound.js';
import {notify_on, toggle_notify, notify_turn} from '../ui/notify.js';
import {clock_ms, is_low} from '../ui/clock.js';
import {premove_match} from './game_extras.js';
import {game_history} from './game_history.js';
import {reaction, gone_to} from './game_react.js';
import {board_wanted, board_keeper} from './game_board.js';
import {game_tournament} from './game_tournament.js';

const confirm_ms = 3000, announced_kept = 3;

export class game_ctrl {
    // `redraw_view(ctrl)`: patches the page's view in from this controller.
    constructor(room, redraw_view) {
        this.s = {
            room, flipped: false, pending: false,
            confirming: null,          // 'resign' or 'abort' awaiting its second click
            browse: null,              // the earlier ply shown, or null: the live game
            shown: null,               // {ply, pieces, marks} of that ply once loaded
            choices: null, stop: null, // the move picker's question, if any
            premove: null,             // {from, to} queued for the next turn
            takeback_declined: false, started: false, low_warned: false,
            announced: [], announce_n: 0,  // the lines read out (newest last)
            muted: is_muted(), notify: notify_on(),
            input_gen: 0,              // bumped to give the board its input again
            seen_playing: false,       // the game was in play while this page was open
        };
        this.redraw_view_ = redraw_view;
        this.history_ = game_history(room);
        this.board_host_ = null;
        this.full_ = false;            // a full room state came since the last redraw
        this.queued_ = false;
        this.destroyed_ = false;
        this.timers_ = {confirm: 0};
        this.tour = null;              // a tournament game's event (game_tournament.js)
        this.keeper_ = new board_keeper({
            on_move: (m) => this.play(m.text),
            on_choose: (ms) => this.set_({choices: ms}),
            on_premove: (p) => this.set_({premove: p}),
            on_select: (prefix, fin) => this.picked_(prefix, fin),
        });
        this.sync = new room_sync(room, (what, d) => this.on_room_(what, d));
    }

    // -- what the view and the board read --
    room_state() { return this.sync.state; }
    seat() { const y = this.sync.state && this.sync.state.you; return y && y.seat !== null && y.seat !== undefined ? y.seat : null; }
    // Not while the game is paused (the server cannot store moves for now).
    my_turn() {
        const st = this.sync.state, seat = this.seat();
        return !!st && seat !== null && st.status.state === 'playing' && !st.status.paused && st.board.to_move === seat;
    }
    board() { return this.keeper_.board; }

    // -- the player's intents --
    play(text, done) {
        if (!this.sync.state || this.s.pending) return;
        this.set_({pending: true, choices: null, stop: null});
        socket.request('move', {room: this.s.room, move: text}).then(() => done && done())
            .catch((e) => {
                toast(error_text(e), 'error');
                if (e.code === 'room_moving') this.sync.join();  // its new node sends room.state
                this.s.input_gen++;  // the half-picked move goes
            })
            .finally(() => { this.s.pending = false; this.premove_turn_(); this.redraw(); });
    }
    // Ends the pick at the current landing (the "stop here" button).
    finish(move) { this.board()?.finish(move); }

    // Resign and abort take a second click within a few seconds (as lichess asks).
    act(type) {
        clearTimeout(this.timers_.confirm);
        if ((type === 'resign' || type === 'abort') && this.s.confirming !== type) {
            this.timers_.confirm = setTimeout(() => this.set_({confirming: null}), confirm_ms);
            this.set_({confirming: type});
            return;
        }
        this.set_({confirming: null});
        const d = {room: this.s.room};
        let command = type;
        if (type === 'claim.win' || type === 'claim.draw') { command = 'claim'; d.result = type.slice(6); }
        socket.request(command, d).catch((e) => toast(error_text(e), 'error'));
    }
    chat(text) { socket.request('chat', {room: this.s.room, text}).catch((e) => toast(error_text(e), 'error')); }
    // A conditional premove line (correspondence): moves separated by spaces or
    // commas, their move then your reply, in turn; nothing clears it. The
    // server checks it and says which move cannot happen.
    set_line(text, done) {
        const line = text.split(/[\s,]+/).filter(Boolean);
        socket.request('premove', {room: this.s.room, line}).then(() => done && done())
            .catch((e) => toast(error_text(e), 'error'));
    }
    flip() { this.set_({flipped: !this.s.flipped}); }
    toggle_sound() { set_muted(!this.s.muted); this.set_({muted: is_muted()}); }
    toggle_notify() { toggle_notify().then((on) => this.set_({notify: on})); }
    // Escape: the half-picked move and the queued premove go.
    escape() {
        const b = this.board();
        if (b) { b.cancel(); b.cancel_premove(); }
        this.set_({choices: null, stop: null});
    }
    // A press anywhere off the board drops a queued premove.
    press_off_board() { if (this.s.premove) this.board()?.cancel_premove(); }

    // Shows ply `p` (clamped); the last ply is the live game again.
    go(p) {
        const st = this.sync.state;
        if (!st || !this.board()) return;
        const n = (st.moves || []).length;
        const target = Math.max(0, Math.min(n, p));
        if (target === n) {
            if (this.s.browse === null) return;
            this.keeper_.forget();
            this.set_({browse: null, shown: null});
            return;
        }
        this.set_({browse: target, choices: null, stop: null});
        this.history_.at(target, n).then((pos) => {
            if (this.s.browse !== target || !this.sync.state) return;
            if (!pos) { toast(t('game.no_earlier_positions'), 'error'); this.go(Infinity); return; }
            this.set_({shown: {ply: target, ...pos}});
        });
    }
    step(by) {
        const n = ((this.sync.state && this.sync.state.moves) || []).length;
        this.go((this.s.browse === null ? n : this.s.browse) + by);
    }

    // -- the view's hooks --
    // The board's element, once the view has made it.
    board_host(el) { this.board_host_ = el; this.redraw(); }

    // -- the room's events --
    on_room_(what, d) {
        const st = this.sync.state;
        if (!st) {
            const to = gone_to(this.sync, socket.user, this.s.room);
            if (to) { location.replace(to); return; }
            this.redraw();
            return;
        }
        if (what === 'state') this.full_ = true;
        this.follow_event_(st);
        const r = reaction(what, d, {st, seat: this.seat(), my_turn: this.my_turn(), last: this.sync.last, room: this.s.room, started: this.s.started});
        if (r.started) this.s.started = true;
        if (r.sound) play_sound(r.sound);
        if (r.announce) this.announce_(r.announce);
        if (r.notify) notify_turn(r.notify.title, r.notify.body, r.notify.tag);
        if (r.toast) toast(r.toast);
        if (r.takeback_declined !== undefined) this.s.takeback_declined = r.takeback_declined;
        if (r.truncate !== undefined) this.history_.truncate(r.truncate);
        if (r.go) { if (r.go.replace) location.replace(r.go.hash); else location.hash = r.go.hash; }
        if (what === 'error') this.s.input_gen++;
        this.premove_turn_();
        this.redraw();
    }

    // A tournament game: its event is followed; the player is taken back to
    // it when the game they were playing ends here.
    follow_event_(st) {
        if (st.tournament && st.tournament.id && !this.tour) this.tour = new game_tournament(st.tournament.id, () => this.redraw());
        if (st.status.state === 'playing') this.s.seen_playing = true;
        else if (this.tour && this.s.seen_playing && this.seat() !== null) this.tour.game_over();
    }
    stay() { if (this.tour) this.tour.stay(); }
    pause_event() { if (this.tour) this.tour.pause(); }

    // The moment the turn comes, a queued premove is played if that move is
    // legal then (after our last move's answer, if one is on its way).
    premove_turn_() {
        const st = this.sync.state, s = this.s;
        if (!st || s.browse !== null) return;
        const seat = this.seat(), my_turn = this.my_turn();
        if (my_turn && s.premove) {
            if (s.pending) return;  // play() comes back here when it is answered
            const m = premove_match(s.premove, st.board.moves);
            s.premove = null;
            if (m) this.play(m.text);
            else toast(t('game.premove_dropped'));
            return;
        }
        if (!(seat !== null && !my_turn && st.clocks && st.status.state === 'playing')) s.premove = null;
    }

    announce_(text) {
        const s = this.s;
        s.announced = [...s.announced, {n: ++s.announce_n, text}].slice(-announced_kept);
    }

    // The board asks what to show: a landing where the move may stop (or none).
    picked_(prefix, fin) {
        const stop = prefix.length > 1 && fin.length ? fin : null;
        this.set_(prefix.length ? {stop, choices: null} : {stop});
    }

    // Once a game, when the player's own clock runs low (each frame).
    check_low_time() {
        const st = this.sync.state, seat = this.seat();
        if (this.s.low_warned || !st || seat === null || !st.clocks || st.status.state !== 'playing' || st.clocks.running !== seat) return;
        if (is_low(clock_ms(st.clocks, st.clocks_at, seat), st.clocks)) { this.s.low_warned = true; play_sound('low'); }
    }

    set_(changes) {
        let changed = false;
        for (const [k, val] of Object.entries(changes)) if (this.s[k] !== val) { this.s[k] = val; changed = true; }
        if (changed) this.redraw();
    }

    // One redraw for a burst of changes (and never one inside another: the
    // board tells of its selection while it is being given the input).
    redraw() {
        if (this.queued_) return;
        this.queued_ = true;
        queueMicrotask(() => { this.queued_ = false; this.draw_now_(); });
    }

    draw_now_() {
        if (this.destroyed_) return;
        this.redraw_view_(this);
        const st = this.sync.state;
        if (!st || !this.board_host_) return;
        if (this.keeper_.stale(st, this.full_)) {
            this.keeper_.create(this.board_host_, st);
            this.full_ = false;
            this.redraw_view_(this);  // the board's column takes the board's shape
        }
        this.keeper_.apply(board_wanted(this));
    }

    destroy() {
        this.destroyed_ = true;
        clearTimeout(this.timers_.confirm);
        if (this.tour) this.tour.close();
        this.sync.close();
    }
}
