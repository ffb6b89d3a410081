// What the game page does besides drawing when something happens: sounds,
// the screen-reader line (the opponent's move, to a spectator every move),
// the "your move" notification, telling the one who offered of a refusal,
// following the players into a rematch, and the low-time warning.
import {toast, capitalise} from '../ui/dom.js';
import {play as play_sound} from '../ui/sound.js';
import {notify_turn} from '../ui/notify.js';
import {clock_ms, is_low} from '../ui/clock.js';
import {game_names} from '../catalogue.js';
import {colour_of} from './game_view.js';

// `page`: the game page (game.js): its room, sync, my_seat(), is_my_turn()
// and browse; `announcer`: the live region read out.
export function reactions(page, announcer) {
    let started = false, low_warned = false;
    let takeback_declined = false;  // our takeback request was declined (until the next move)

    function react(what, d) {
        const st = page.sync.state;
        if (!st) return;
        const seat = page.my_seat();
        if (what === 'state' && !started && st.status.state === 'playing' && !(st.moves || []).length) { started = true; play_sound('start'); }
        if (what === 'move' && d) {
            const last = page.sync.last;
            play_sound(last && last.affected && last.affected.length ? 'capture' : 'move');
            if (seat === null || d.seat !== seat) announcer.textContent = move_in_words(capitalise(colour_of(st, d.seat)), d.move, last);
            if (page.is_my_turn(st, seat)) notify_turn(`Your move · ${game_names[st.game] || st.game}`, `${capitalise(colour_of(st, d.seat))} played ${d.move}`, `kibitz-${page.room}`);
        }
        if (what === 'end') play_sound('end');
        // The one who offered is told of a refusal (the offer just disappears otherwise).
        if (what === 'offer' && d && d.state === 'declined' && d.by === seat && d.kind !== 'takeback')
            toast(d.kind === 'draw' ? 'Your opponent declined your offer.' : 'Your opponent declined the rematch.');
        // Spectators follow the players into the rematch, as the players
        // themselves are; one who opens the finished game once its rematch
        // has started is taken there too (in place: Back does not return to
        // a page that would send them on again).
        if (what === 'rematch' && seat === null && st.rematch_next) location.hash = `#/game/${st.rematch_next}`;
        if (what === 'state' && seat === null && st.rematch_next && st.status.state !== 'playing') location.replace(`#/game/${st.rematch_next}`);
        if (what === 'move') takeback_declined = false;
        if (what === 'offer' && d && d.kind === 'takeback' && d.by === seat) takeback_declined = d.state === 'declined';
        if (what === 'takeback' && d) {
            page.browse.truncate(d.ply);
            play_sound('move');
            announcer.textContent = `Takeback: ${d.plies} move${d.plies === 1 ? '' : 's'} undone`;
        }
    }

    // Once a game, when the player's own clock runs low.
    function check_low_time() {
        const st = page.sync.state, seat = page.my_seat();
        if (low_warned || !st || seat === null || !st.clocks || st.status.state !== 'playing' || st.clocks.running !== seat) return;
        if (is_low(clock_ms(st.clocks, st.clocks_at, seat), st.clocks)) { low_warned = true; play_sound('low'); }
    }

    return {react, check_low_time, get takeback_declined() { return takeback_declined; }};
}

// "Black played 22x15, from 22 to 15, hitting 18": the move as the board
// showed it (its cells), for a screen reader.
export function move_in_words(who, text, last) {
    const path = (last && last.path) || [], hit = (last && last.affected) || [];
    const list = (ids) => (ids.length > 1 ? `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}` : ids[0]);
    let words = `${who} played ${text}`;
    if (path.length > 1) words += `, from ${path[0]}${path.length > 2 ? ` via ${list(path.slice(1, -1))}` : ''} to ${path[path.length - 1]}`;
    if (hit.length) words += `, hitting ${list(hit)}`;
    return words;
}
