// The game page's keys and clicks outside the board: Escape drops a
// half-picked move (picked by mouse or keys) and a queued premove; the arrow
// keys (outside the board and the text boxes) step through the moves; a
// click anywhere off the board drops a queued premove.

// `page`: the game page (game.js): its sync, board, browse, premove,
// drop_pick() and draw(). Returns the function that stops listening.
export function listen_keys(page) {
    const on_key = (ev) => {
        const board = page.board;
        if (!board || ev.target.closest?.('input, textarea, select')) return;
        const st = page.sync.state;
        const steps = {ArrowLeft: -1, ArrowRight: 1};
        if (st && steps[ev.key] && !ev.target.closest?.('[data-cell]')) {
            ev.preventDefault();
            const n = (st.moves || []).length;
            page.browse.go_to((page.browse.at === null ? n : page.browse.at) + steps[ev.key]);
            return;
        }
        if (ev.key !== 'Escape') return;
        board.cancel();
        board.cancel_premove();
        page.drop_pick();
        if (st) page.draw();
    };
    const on_press = (ev) => { if (page.board && page.premove.get() && !ev.target.closest?.('svg.board')) page.board.cancel_premove(); };
    document.addEventListener('keydown', on_key);
    document.addEventListener('pointerdown', on_press);
    return () => {
        document.removeEventListener('keydown', on_key);
        document.removeEventListener('pointerdown', on_press);
    };
}
