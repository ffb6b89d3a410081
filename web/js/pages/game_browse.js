// Browsing earlier positions of a game in play without leaving it: the board
// shows ply `at` (no input) while the game goes on; the last ply is the live
// game again. Also keeps the move list scrolled to what the board shows.
import {toast} from '../ui/dom.js';
import {game_history} from './game_history.js';

// `page`: the game page (game.js): its room, sync, board, root, draw(),
// drop_pick() and back_to_live().
export function browsing(page) {
    const history = game_history(page.room);
    let at = null, token = 0;

    function go_to(p) {
        const st = page.sync.state;
        if (!st || !page.board) return;
        const n = (st.moves || []).length;
        const target = Math.max(0, Math.min(n, p));
        if (target === n) {
            if (at === null) return;
            at = null;
            token++;
            page.back_to_live();
            return;
        }
        at = target;
        page.board.set_input([], false);
        page.drop_pick();
        show(target);
        page.draw();
    }

    // Draws ply `p` on the board once the history has it (it may be asked for).
    async function show(p) {
        const mine = ++token;
        const pos = await history.at(p, (page.sync.state.moves || []).length);
        if (mine !== token || at !== p || !page.board) return;
        if (!pos) { toast('Earlier positions of this game are not available.', 'error'); go_to(Infinity); return; }
        page.board.set_pieces(pos.pieces);
        page.board.set_marks(pos.marks);
        page.root.dataset.shown = String(p);
    }

    return {
        get at() { return at; },  // the ply shown, or null: the live game
        go_to, show,
        // Moves were taken back: the history no longer holds them.
        truncate(ply) { history.truncate(ply); },
    };
}

export function scroll_end(el) { if (el) el.scrollTop = el.scrollHeight; }

// Keeps the move shown in view inside the list (never scrolls the page).
export function scroll_to_current(list) {
    const li = list && list.querySelector('li.current');
    if (!li) { if (list) list.scrollTop = 0; return; }
    if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
}
