// The game page (#/game/<room>): board, players and clocks, move list,
// controls, chat, result. Players get input and controls; spectators see the
// same without them, plus the spectator count and their own chat.
// One controller (game_ctrl.js) owns the state and answers the room's events
// and the player's intents; one view (game_view.js) is patched in from it
// after every change, so focus and half-typed text survive. Around them:
// game_board.js keeps the SVG board in step, game_panels.js, game_forms.js
// and game_extras.js draw the panels, game_react.js says what an event means
// (sounds, announcements), game_keys.js turns keys into intents.
import {view_root} from '../ui/vdom.js';
import {played} from '../ui/sound.js';
import {notified} from '../ui/notify.js';
import {game_ctrl} from './game_ctrl.js';
import {game_view, game_title} from './game_view.js';
import {tick_clocks, next_clock_change_ms} from './game_panels.js';
import {listen_keys} from './game_keys.js';

export function mount(el, room) {
    const root = view_root(el);
    // The clocks' text is written between redraws, when it would change (each
    // second; each tenth under ten seconds), and after every redraw, not every
    // frame: a frame loop kept the page drawing all the time (in headless
    // Chromium an idle loop cost 6-7% of a core for each open page).
    let tick_timer = 0;
    const tick = (c) => {
        clearTimeout(tick_timer);
        const st = c.room_state();
        tick_clocks(root.element, st);
        c.check_low_time();
        tick_timer = setTimeout(() => tick(c), next_clock_change_ms(st));
    };
    const ctrl = new game_ctrl(room, (c) => {
        root.update(game_view(c));
        const title = game_title(c);
        if (title && document.title !== title) document.title = title;
        tick(c);
    });
    ctrl.redraw();
    if (window.kibitz) { window.kibitz.game = ctrl.sync; window.kibitz.sounds = played; window.kibitz.notified = notified; }  // for debugging and the browser tests

    // The claim countdown is text in the controls: redrawn each second (the
    // buttons stay the same elements, so the focus stays where it is).
    const timer = setInterval(() => {
        const st = ctrl.room_state();
        if (st && st.status.state === 'playing' && (st.players || []).some((p) => p.connected === false)) ctrl.redraw();
    }, 1000);
    const stop_keys = listen_keys(ctrl);

    const unmount = () => {
        stop_keys();
        clearTimeout(tick_timer); clearInterval(timer);
        ctrl.destroy();
        if (window.kibitz && window.kibitz.game === ctrl.sync) window.kibitz.game = null;
    };
    // A new language: the same page redrawn in its words (the game goes on, app.js).
    unmount.relabel = () => ctrl.redraw();
    return unmount;
}
