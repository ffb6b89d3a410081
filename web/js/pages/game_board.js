// The game page's board: the hand-written SVG board (board/board.js) is not
// virtual DOM, so this is its "view": from the controller's state it works
// out what the board should show (orientation, pieces, marks, who may move
// and why not, premove input) and hands the board only what changed since
// the last redraw. Runs on the page's thread; owns nothing but what it last
// gave the board.
import {create_board} from '../board/board.js';
import {game_names, colour_names} from '../catalogue.js';
import {single_click} from './game_extras.js';
import {t} from '../i18n/i18n.js';

// What the board should show for the controller `c` now (c.s: its state,
// c.room_state(): the server's room, c.seat(), c.my_turn()).
export function board_wanted(c) {
    const st = c.room_state(), s = c.s, seat = c.seat();
    const orientation = (seat === null ? 0 : seat) ^ (s.flipped ? 1 : 0);
    // An earlier position: no input; the live position stays until it has loaded.
    if (s.browse !== null) {
        return {orientation, pieces: s.shown ? s.shown.pieces : null, marks: s.shown ? s.shown.marks : null, marks_key: s.shown,
            input: {key: `browse|${s.input_gen}`, moves: [], on: false, why: {}}, premove: null};
    }
    const my_turn = c.my_turn();
    // What a click says while this viewer cannot move.
    const idle = t(seat === null ? 'board.idle_watching' : st.status.state !== 'playing' ? 'board.idle_over'
        : st.status.paused ? 'board.idle_paused' : 'board.idle_not_your_turn');
    const last = c.sync.last;
    // The input is given again only when the legal moves, the turn or the
    // reason changed: a presence, chat or offer update must not drop a move
    // the player is half-way through picking (a click lost under load).
    const input = {key: `${my_turn}|${idle}|${st.board.moves.map((m) => m.text).join(' ')}|${s.input_gen}`,
        moves: st.board.moves, on: my_turn, why: {refusals: st.board.refusals, idle}};
    // A premove may be queued while the opponent is to move in a timed game.
    const allowed = seat !== null && !my_turn && !!st.clocks && st.status.state === 'playing';
    return {orientation, pieces: st.board.pieces, marks: last ? {last: last.path, affected: last.affected} : {}, marks_key: last,
        input, premove: {key: `${allowed ? seat : null}|${single_click(st.board.moves)}`, seat: allowed ? seat : null, single: single_click(st.board.moves)}};
}

// Keeps one board in step with board_wanted(); a new board (another layout,
// or a full room state) starts from nothing.
export class board_keeper {
    constructor(handlers) { this.handlers_ = handlers; this.board = null; this.layout_ = null; this.given_ = {}; }

    // Makes the board in `host` for the room's state `st`.
    create(host, st) {
        this.board = create_board(host, st.board, {
            colours: colour_names[st.game], label: `${game_names[st.game] || st.game} board`, ...this.handlers_});
        this.layout_ = st.board.layout;
        this.given_ = {};
        return this.board;
    }

    // Whether the board must be made again for `st` (`full`: a full room state arrived).
    stale(st, full) { return !this.board || this.layout_ !== st.board.layout || full; }

    apply(w) {
        const b = this.board, g = this.given_;
        if (!b) return;
        b.set_orientation(w.orientation);
        if (w.pieces && w.pieces !== g.pieces) { b.set_pieces(w.pieces); g.pieces = w.pieces; }
        // Marks are made anew each time: what they come from tells whether they changed.
        if (w.marks && w.marks_key !== g.marks) { b.set_marks(w.marks); g.marks = w.marks_key; }
        if (w.input.key !== g.input) { b.set_input(w.input.moves, w.input.on, w.input.why); g.input = w.input.key; }
        if (w.premove && w.premove.key !== g.premove) { b.set_premove_input(w.premove.seat, w.premove.single); g.premove = w.premove.key; }
    }

    // The next apply() gives everything again (back from an earlier position).
    forget() { this.given_ = {}; }
}
