// The game page's keys and presses outside the board, as intents of its
// controller (game_ctrl.js): Escape drops a half-picked move (picked by
// mouse or keys) and a queued premove; the arrow keys (outside the board
// and the text boxes) step through the moves; a press anywhere off the
// board drops a queued premove. Returns the function that stops listening.
export function listen_keys(ctrl) {
    const on_key = (ev) => {
        if (!ctrl.board() || ev.target.closest?.('input, textarea, select')) return;  // not for people
        const steps = {ArrowLeft: -1, ArrowRight: 1};
        if (ctrl.room_state() && steps[ev.key] && !ev.target.closest?.('[data-cell]')) {
            ev.preventDefault();
            ctrl.step(steps[ev.key]);
            return;
        }
        if (ev.key === 'Escape') ctrl.escape();
    };
    const on_press = (ev) => { if (!ev.target.closest?.('svg.board')) ctrl.press_off_board(); };
    document.addEventListener('keydown', on_key);
    document.addEventListener('pointerdown', on_press);
    return () => {
        document.removeEventListener('keydown', on_key);
        document.removeEventListener('pointerdown', on_press);
    };
}
