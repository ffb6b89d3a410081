// The game page's panels as views (virtual DOM, see ui/vdom.js) of a room's
// state: players and clocks, the move list, the controls a player may use
// now, chat and the result banner. Each is a pure function of the state;
// game_view.js composes them into the page.
import {tc_text, rating_text, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {clock_ms, first_move_ms, format_ms, is_low, ms_to_next_text} from '../ui/clock.js';
import {game_names, game_info, side_colour} from '../catalogue.js';
import {icon_view as icon} from '../ui/icons.js';
import {rating_diff_view} from './game_extras.js';
import {bot_tag} from '../ui/bot_tag.js';
import {event_when, my_place} from './game_tournament.js';
import {time_left_text} from './your_turn_view.js';
import {socket} from '../net/socket.js';

// "a draw", "an end by agreement": the catalogue names what agreeing ends in.
function with_article(noun) { return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`; }

// The clock and first-move countdown are left empty here: tick_clocks fills
// them each frame, and the patch never touches what it did not create.
export function player_box(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat) || {seat, name: '?'};
    const turn = st.status.state === 'playing' && st.board.to_move === seat;
    const colour = side_colour(st.game, p.color);
    return v('div', {key: `seat-${seat}`, class: `player seat-${seat}${turn ? ' turn' : ''}`, 'data-seat': seat},
        v('span', {class: `dot colour-${p.color}`, title: p.color, style: colour ? {background: colour} : undefined}),
        v('a', {class: 'name', href: `#/player/${encodeURIComponent(p.name)}`}, p.name), bot_tag(p),
        v('span', {class: 'rating'}, rating_text(p.rating), p.provisional && rating_text(p.rating) ? '?' : null),
        rating_diff_view(st, seat),
        p.connected === false ? v('span', {class: 'away', title: 'disconnected'}, 'away') : null,
        v('span', {class: 'first-move', 'data-first': seat}),
        is_correspondence(st) ? v('span', {class: 'corr-left', 'data-corr': seat, 'data-test': 'corr-left'},
            v('span', {class: 'corr-time'}), v('span', {class: 'corr-by'})) : null,
        v('span', {class: 'clock', 'data-clock': seat, role: 'timer', 'aria-label': `${p.color} clock`}));
}

function is_correspondence(st) { return !!(st.tc && st.tc.days !== undefined); }

// A correspondence game's "clock" for a side: the side to move, the time left
// and the deadline (on this page's clock); the other side, what it will have
// once it is its move (each move gives the full allowance again).
export function corr_left(st, seat, server_now_ms) {
    if (st.status.state !== 'playing') return {text: '', by: '', title: ''};
    const days = st.tc.days;
    if (!days) return {text: 'no time limit', by: '', title: 'Unlimited: no deadline for a move'};
    if (st.board.to_move !== seat || typeof st.deadline_ms !== 'number')
        return {text: `${days} day${days > 1 ? 's' : ''} per move`, by: '', title: `${days} day${days > 1 ? 's' : ''} to move once it is this side's turn`};
    const when = new Date(st.deadline_ms - (server_now_ms - Date.now()));
    const by = when.toLocaleString(undefined, {weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'});
    return {text: time_left_text(st.deadline_ms, server_now_ms), by: `by ${by}`, title: `to move by ${when.toLocaleString()}`};
}

// Refreshes every clock on the page; cheap, so called each animation frame.
export function tick_clocks(root, st) {
    if (!st) return;
    const now = performance.now();
    for (const el of root.querySelectorAll('[data-clock]')) {
        const seat = Number(el.dataset.clock);
        if (!st.clocks) { set_text(el, ''); el.hidden = true; continue; }
        const ms = clock_ms(st.clocks, st.clocks_at, seat, now);
        set_text(el, format_ms(ms));
        el.classList.toggle('running', st.clocks.running === seat && st.status.state === 'playing');
        el.classList.toggle('low', is_low(ms, st.clocks));
    }
    for (const el of root.querySelectorAll('[data-corr]')) {
        const {text, by, title} = corr_left(st, Number(el.dataset.corr), Date.now() + (socket.server_offset_ms || 0));
        set_text(el.querySelector('.corr-time'), text);
        set_text(el.querySelector('.corr-by'), by);
        if (el.title !== title) el.title = title;
        el.classList.toggle('running', st.status.state === 'playing' && st.board.to_move === Number(el.dataset.corr));
    }
    for (const el of root.querySelectorAll('[data-first]')) {
        const seat = Number(el.dataset.first);
        const fm = st.status.state === 'playing' && st.board.to_move === seat ? first_move_ms(st.clocks, st.clocks_at, now) : null;
        set_text(el, fm === null ? '' : `first move: ${Math.ceil(fm / 1000)} s`);
    }
}

// When tick_clocks has something new to write: the running clock's or the
// first-move countdown's next change of text; a second when neither runs.
export function next_clock_change_ms(st, now = performance.now()) {
    if (!st || !st.clocks || st.status.state !== 'playing') return 1000;
    let wait = 1000;
    const running = st.clocks.running;
    if (running !== null && running !== undefined && running >= 0)
        wait = Math.min(wait, ms_to_next_text(clock_ms(st.clocks, st.clocks_at, running, now)));
    const fm = first_move_ms(st.clocks, st.clocks_at, now);
    if (fm !== null && fm > 0) wait = Math.min(wait, (fm - 1) % 1000 + 1);
    return Math.max(10, wait);
}

function set_text(el, text) { if (el.textContent !== text) el.textContent = text; }

// The moves so far; `ply_index` (0-based) is marked current; `on_pick(ply)` makes them clickable.
export function move_list(moves, ply_index, on_pick) {
    return v('ol', {class: `moves${on_pick ? ' pickable' : ''}`, 'data-test': 'moves', 'aria-label': 'moves'},
        (moves || []).map((m, i) => v('li', {key: i, class: i === ply_index ? 'current' : '', 'data-ply': i + 1,
            'aria-current': i === ply_index ? 'step' : null, onclick: on_pick ? () => on_pick(i + 1) : null}, m)));
}

// Under the move list: step through earlier positions (the live game goes
// on), back to live, flip the board, sound on or off.
// `at`: the ply shown (null: live); `n`: plies played; `go(ply)`.
// `notify`: {on, toggle} for a player (the "your move" notification), else null.
export function board_tools(at, n, go, flip, muted, toggle_sound, notify) {
    const shown = at === null ? n : at;
    const step = (name, label, ply, disabled) => v('button', {key: name, type: 'button', class: 'btn small', 'data-step': name,
        'aria-label': label, title: label, disabled, onclick: () => go(ply)}, icon(name));
    return v('div', {class: 'board-tools', role: 'toolbar', 'aria-label': 'board tools'},
        step('first', 'first position', 0, shown === 0),
        step('prev', 'previous move', shown - 1, shown === 0),
        step('next', 'next move', shown + 1, shown >= n),
        step('last', 'last position', n, shown >= n),
        at === null ? null : v('button', {key: 'live', type: 'button', class: 'btn small primary', 'data-test': 'back-to-live',
            onclick: () => go(n)}, icon('live'), 'Back to live'),
        v('span', {class: 'spacer'}),
        v('button', {key: 'flip', type: 'button', class: 'btn small', 'data-test': 'flip', 'aria-label': 'flip the board', title: 'Flip the board',
            onclick: flip}, icon('flip')),
        v('button', {key: 'sound', type: 'button', class: 'btn small', 'data-test': 'mute', 'aria-pressed': muted ? 'true' : 'false',
            title: muted ? 'Sound is off' : 'Sound is on', onclick: toggle_sound}, muted ? 'Sound off' : 'Sound on'),
        notify ? v('button', {key: 'notify', type: 'button', class: 'btn small', 'data-test': 'notify', 'aria-pressed': notify.on ? 'true' : 'false',
            title: 'A notification when it is your move and this tab is hidden', onclick: notify.toggle}, notify.on ? 'Notify: on' : 'Notify: off') : null);
}

export function colour_of(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat);
    return p ? p.color : `seat ${seat}`;
}

// Platform reasons in words; a game's own reasons ("no pieces") read as they are.
const reason_words = {resign: 'by resignation', flag: 'on time', claim: 'the opponent left', 'claim draw': 'the opponent left',
    agreement: 'by agreement', abort: '', 'first move not made': 'the first move was not made in time'};
function reason_text(reason) { return reason in reason_words ? reason_words[reason] : reason || ''; }

// One line for the tab's title and the screen reader: "Black wins by resignation".
export function result_text(st) {
    const s = st.status;
    if (s.state === 'aborted') { const why = reason_text(s.reason); return `Game aborted${why ? `: ${why}` : ''}`; }
    if (s.state !== 'over') return '';
    const who = s.winner >= 0 ? `${capitalise(colour_of(st, s.winner))} wins` : 'Draw';
    const why = reason_text(s.reason);
    return `${who}${why ? ` ${/^(by|on) /.test(why) ? why : `— ${why}`}` : ''}`;
}

// The result banner: to a player "You won" / "You lost" / "Draw" first, then
// the colour's result with its reason, and the rating change of a rated game.
export function result_view(st, seat) {
    const text = result_text(st);
    const s = st.status;
    let headline = null;
    if (seat !== null && s.state === 'over') headline = s.winner < 0 ? 'Draw' : s.winner === seat ? 'You won' : 'You lost';
    const r = seat === null ? null : (st.ratings || []).find((x) => x.seat === seat);
    const change = r ? `Your rating: ${r.after}${r.provisional ? '?' : ''} (${r.diff >= 0 ? '+' : '−'}${Math.abs(r.diff)})` : null;
    return v('div', {class: `banner${headline ? ` result-${headline.split(' ').pop().toLowerCase()}` : ''}`, role: 'status', 'aria-live': 'polite',
        'data-test': 'result', hidden: !text},
    headline ? v('strong', {class: 'headline', 'data-test': 'headline'}, headline) : null,
    v('span', {class: 'detail'}, text),
    change ? v('span', {class: 'detail', 'data-test': 'my-rating-change'}, change) : null);
}

// After the end: every way on, as one block of buttons near the top. A
// tournament game (`tour`: game_tournament.js) leads back to its event
// (the event pairs its players itself: no rematch, no new opponent).
export function end_actions(st, seat, act, room, tour) {
    if (st.status.state === 'playing') return null;
    const items = [];
    if (st.tournament && st.tournament.id) items.push(...event_items(st, seat, tour));
    else {
        if (seat !== null) items.push(...rematch_items(st, seat, act));
        items.push(v('a', {key: 'new', class: 'btn', href: '#/', 'data-test': 'new-opponent'}, 'New opponent'));
    }
    items.push(v('a', {key: 'replay', class: 'btn', href: `#/replay/${room}`, 'data-test': 'replay-link'}, 'Replay'));
    if (st.status.state === 'over') items.push(v('a', {key: 'review', class: 'btn', href: `#/replay/${room}/review`, 'data-test': 'review-link'}, 'Computer analysis'));
    return v('div', {class: 'end-actions', role: 'group', 'aria-label': 'after the game', 'data-test': 'end-actions'}, items);
}

function event_items(st, seat, tour) {
    const out = [v('a', {key: 'back', class: 'btn primary', href: `#/tournament/${st.tournament.id}`, 'data-test': 'back-to-tournament'}, 'Back to the tournament')];
    if (!tour || seat === null) return out;
    if (tour.back_at) out.push(v('button', {key: 'stay', class: 'btn', type: 'button', 'data-test': 'stay', onclick: () => tour.stay()}, 'Stay on this game'));
    if (st.tournament.berserk && !tour.away() && !(tour.about && tour.about.status === 'finished'))
        out.push(v('button', {key: 'pause', class: 'btn', type: 'button', 'data-test': 'pause-event', onclick: () => tour.pause()}, 'Pause'));
    return out;
}

function rematch_items(st, seat, act) {
    const other = 1 - seat;
    const r = (st.offers && st.offers.rematch) || [false, false];
    if (st.rematch_next) return [v('a', {key: 'go-rematch', class: 'btn primary', 'data-test': 'go-rematch', href: `#/game/${st.rematch_next}`}, 'Go to the rematch')];
    if (r[other] && !r[seat]) return [v('span', {key: 'rematch-wanted', class: 'offer'}, 'Opponent wants a rematch: '),
        btn('Accept rematch', 'rematch.accept', act, 'primary'), btn('Decline', 'rematch.decline', act)];
    if (r[seat]) return [v('span', {key: 'rematch-sent', class: 'muted'}, 'Rematch offered')];
    return [btn('Rematch', 'rematch.offer', act, 'primary')];
}

export function title_text(st) {
    return `${game_names[st.game] || st.game} · ${tc_text(st.tc)} · ${st.rated ? 'rated' : 'casual'}${st.private ? ' · private' : ''}`;
}

export function info_view(st, spectator, my_turn, tour) {
    return v('div', {class: 'info'},
        v('h1', {class: 'game-title'}, title_text(st)),
        event_line(st, spectator, tour),
        v('p', {class: 'muted'}, spectator ? 'You are watching · ' : '', v('span', {'data-test': 'spectators'}, `${st.spectators || 0} watching`)),
        st.status.paused ? v('p', {class: 'error', 'data-test': 'paused'}, 'Paused: the server cannot save moves right now. The game goes on by itself once it can.') : null,
        my_turn ? v('p', {class: 'your-turn'}, 'Your move') : null);
}

// A tournament game's event: its name (a link back), the arena's time left
// or the Swiss round, the player's rank and score, and, once the game is
// over, that the page is about to go back to it.
function event_line(st, spectator, tour) {
    if (!st.tournament || !st.tournament.id) return null;
    const t = tour && tour.about;
    const href = `#/tournament/${st.tournament.id}`;
    return v('div', {class: 'game-event', 'data-test': 'game-tournament'},
        v('p', {},
            icon('trophy'), ' ',
            v('a', {href, 'data-test': 'tournament-link'}, t ? t.name : 'Tournament'),
            t ? v('span', {class: 'muted', 'data-test': 'event-when'}, ` · ${event_when(t, tour.now())}`) : null),
        !spectator && t && tour.mine ? v('p', {class: 'muted', 'data-test': 'event-place'}, my_place(t, tour.mine)) : null,
        !spectator && tour && tour.back_at ? v('p', {'data-test': 'going-back', role: 'status'}, 'Back to the tournament in a moment…') : null);
}

// The buttons a seated player may press while the game is on; `act(type)`
// sends the command. Resign and abort ask first: `confirming` is the one
// awaiting its second click ("Click again to resign"), if any.
// Each button keeps its key from one update to the next, so it keeps the focus.
export function controls(st, seat, act, confirming) {
    if (st.status.state !== 'playing') return null;
    const items = [];
    const other = 1 - seat;
    const agreed = (game_info(st.game) || {}).agreed_end || 'draw';
    const dangerous = (label, type) => (confirming === type
        ? v('button', {key: type, class: 'btn danger confirming', type: 'button', 'data-action': type, 'data-confirm': 'true', onclick: () => act(type)},
            `Click again to ${label.toLowerCase()}`)
        : btn(label, type, act, type === 'resign' ? 'danger' : ''));
    if ((st.moves || []).length < 2) items.push(dangerous('Abort', 'abort'));
    else items.push(dangerous('Resign', 'resign'));
    items.push(...berserk_items(st, seat, act));
    const draw = st.offers ? st.offers.draw : -1;
    if (draw === -1) items.push(btn(`Offer ${with_article(agreed)}`, 'draw.offer', act));
    else if (draw === seat) items.push(v('span', {key: 'offer-sent', class: 'muted', 'data-test': 'offer-sent'}, `${capitalise(agreed)} offered`));
    else items.push(v('span', {key: 'offer-received', class: 'offer', 'data-test': 'offer-received'}, `Opponent offers ${with_article(agreed)}: `),
        btn('Accept', 'draw.accept', act, 'primary'), btn('Decline', 'draw.decline', act));
    const opp = (st.players || []).find((p) => p.seat === other);
    if (opp && opp.connected === false) {
        const wait = opp.claim_at ? Math.max(0, opp.claim_at - performance.now()) : 0;
        items.push(v('span', {key: 'left', class: 'muted', 'data-test': 'claim-wait'}, wait > 0 ? `Opponent left; you may claim in ${Math.ceil(wait / 1000)} s` : 'Opponent left: '),
            btn('Claim win', 'claim.win', act, '', wait > 0), btn('Claim draw', 'claim.draw', act, '', wait > 0));
    }
    return v('div', {class: 'controls', 'data-test': 'controls'}, items);
}

// Arena games: the Berserk button until the seat's own first move, then who
// went berserk (the server refuses it too late or twice, whatever is shown).
function berserk_items(st, seat, act) {
    if (!st.tournament || !st.tournament.berserk) return [];
    const flags = (st.clocks && st.clocks.berserk) || [false, false];
    const n = (st.moves || []).length;
    const not_moved = n === 0 || (n === 1 && st.board.to_move === seat);
    const out = [];
    if (!flags[seat] && not_moved) out.push(btn('Berserk', 'berserk', act));
    if (flags[seat]) out.push(v('span', {key: 'berserk-mine', class: 'muted', 'data-test': 'berserk-mine'}, 'You went berserk'));
    if (flags[1 - seat]) out.push(v('span', {key: 'berserk-theirs', class: 'offer', 'data-test': 'berserk-theirs'}, 'Opponent went berserk'));
    return out;
}

// `disabled`: shown but not yet usable (a claim before its countdown ends).
function btn(label, type, act, cls = '', disabled = false) {
    return v('button', {key: type, class: `btn ${cls}`, type: 'button', 'data-action': type, disabled, onclick: () => act(type)}, label);
}
