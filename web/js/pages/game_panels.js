// The game page's panels as views (virtual DOM, see ui/vdom.js) of a room's
// state: players and clocks, the move list, the controls a player may use
// now, chat and the result banner. Each is a pure function of the state;
// game_view.js composes them into the page.
import {tc_text, rating_text, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {clock_ms, first_move_ms, format_ms, is_low, ms_to_next_text} from '../ui/clock.js';
import {game_names, game_info, side_colour, side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';
import {date_time} from '../i18n/format.js';
import {icon_view as icon} from '../ui/icons.js';
import {rating_diff_view} from './game_extras.js';
import {bot_tag, player_name} from '../ui/bot_tag.js';
import {event_when, my_place} from './game_tournament.js';
import {time_left_text} from './your_turn_view.js';
import {socket} from '../net/socket.js';

// What agreeing ends in, by the game catalogue's `agreed_end` ("draw", or
// "end by agreement" in the mancala games): the catalogue key's last part.
function agreed_key(st) {
    return ((game_info(st.game) || {}).agreed_end || 'draw') === 'draw' ? 'draw' : 'end';
}

// The clock and first-move countdown are left empty here: tick_clocks fills
// them each frame, and the patch never touches what it did not create.
export function player_box(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat) || {seat, name: '?'};
    const turn = st.status.state === 'playing' && st.board.to_move === seat;
    const colour = side_colour(st.game, p.color);
    return v('div', {key: `seat-${seat}`, class: `player seat-${seat}${turn ? ' turn' : ''}`, 'data-seat': seat},
        v('span', {class: `dot colour-${p.color}`, title: side_name(p.color), style: colour ? {background: colour} : undefined}),
        v('a', {class: 'name', href: `#/player/${encodeURIComponent(p.name)}`}, player_name(p)), bot_tag(p),
        v('span', {class: 'rating'}, rating_text(p.rating), p.provisional && rating_text(p.rating) ? '?' : null),
        rating_diff_view(st, seat),
        p.connected === false ? v('span', {class: 'away', title: t('game.disconnected')}, t('game.away')) : null,
        v('span', {class: 'first-move', 'data-first': seat}),
        is_correspondence(st) ? v('span', {class: 'corr-left', 'data-corr': seat, 'data-test': 'corr-left'},
            v('span', {class: 'corr-time'}), v('span', {class: 'corr-by'})) : null,
        v('span', {class: 'clock', 'data-clock': seat, role: 'timer', 'aria-label': t('game.clock_of', {side: side_name(p.color)})}));
}

function is_correspondence(st) { return !!(st.tc && st.tc.days !== undefined); }

// A correspondence game's "clock" for a side: the side to move, the time left
// and the deadline (on this page's clock); the other side, what it will have
// once it is its move (each move gives the full allowance again).
export function corr_left(st, seat, server_now_ms) {
    if (st.status.state !== 'playing') return {text: '', by: '', title: ''};
    const days = st.tc.days;
    if (!days) return {text: t('corr.no_limit'), by: '', title: t('corr.no_limit_title')};
    if (st.board.to_move !== seat || typeof st.deadline_ms !== 'number')
        return {text: t('tc.days_per_move', {count: days}), by: '', title: t('corr.days_once_turn', {count: days})};
    const when = new Date(st.deadline_ms - (server_now_ms - Date.now()));
    const by = date_time(when, {weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'});
    return {text: time_left_text(st.deadline_ms, server_now_ms), by: t('corr.by', {when: by}),
        title: t('corr.to_move_by', {when: date_time(when, {dateStyle: 'full', timeStyle: 'short'})})};
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
        set_text(el, fm === null ? '' : t('game.first_move_countdown', {s: Math.ceil(fm / 1000)}));
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
    return v('ol', {class: `moves${on_pick ? ' pickable' : ''}`, 'data-test': 'moves', 'aria-label': t('game.moves')},
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
    return v('div', {class: 'board-tools', role: 'toolbar', 'aria-label': t('game.board_tools')},
        step('first', t('game.first_position'), 0, shown === 0),
        step('prev', t('game.previous_move'), shown - 1, shown === 0),
        step('next', t('game.next_move'), shown + 1, shown >= n),
        step('last', t('game.last_position'), n, shown >= n),
        at === null ? null : v('button', {key: 'live', type: 'button', class: 'btn small primary', 'data-test': 'back-to-live',
            onclick: () => go(n)}, icon('live'), t('game.back_to_live')),
        v('span', {class: 'spacer'}),
        v('button', {key: 'flip', type: 'button', class: 'btn small', 'data-test': 'flip', 'aria-label': t('game.flip'), title: t('game.flip'),
            onclick: flip}, icon('flip')),
        v('button', {key: 'sound', type: 'button', class: 'btn small', 'data-test': 'mute', 'aria-pressed': muted ? 'true' : 'false',
            title: muted ? t('game.sound_is_off') : t('game.sound_is_on'), onclick: toggle_sound}, muted ? t('game.sound_off') : t('game.sound_on')),
        notify ? v('button', {key: 'notify', type: 'button', class: 'btn small', 'data-test': 'notify', 'aria-pressed': notify.on ? 'true' : 'false',
            title: t('game.notify_title'), onclick: notify.toggle}, notify.on ? t('game.notify_on') : t('game.notify_off')) : null);
}

export function colour_of(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat);
    return p ? side_name(p.color) : t('game.seat', {seat});
}

// The end reasons the server sends (the platform's and each game's rules'):
// their catalogue keys. One the client does not know is shown as sent.
const reason_keys = {'claim': 'opponent_left', 'claim draw': 'opponent_left', 'first move not made': 'first_move_not_made',  // not for people: the server's reason codes
    'not restorable': 'not_restorable', 'no legal move': 'no_legal_move', 'no pieces': 'no_pieces',  // not for people: the server's reason codes
    'threefold repetition': 'threefold_repetition', '40-move rule': 'forty_move_rule', 'king trapped': 'king_trapped',  // not for people: the server's reason codes
    'king captured': 'king_captured', 'only the two kings remain': 'two_kings', '25 seeds captured': 'seeds_captured',  // not for people: the server's reason codes
    'no move after grand slam': 'grand_slam_no_move'};  // not for people: the server's reason codes
export function reason_text(reason) { return reason_keys[reason] ? t(`reason.${reason_keys[reason]}`) : reason || ''; }
// Reasons whose sentence is whole on its own ("Black wins by resignation").
const whole = ['resign', 'flag', 'agreement'];

// One line for the tab's title and the screen reader: "Black wins by resignation".
export function result_text(st) {
    const s = st.status;
    if (s.state === 'aborted') {
        const why = s.reason === 'abort' ? '' : reason_text(s.reason);
        return why ? t('result.aborted_why', {why}) : t('result.aborted');
    }
    if (s.state !== 'over') return '';
    const side = s.winner >= 0 ? capitalise(colour_of(st, s.winner)) : null;
    const kind = side ? 'wins' : 'draw';
    if (whole.includes(s.reason)) return t(`result.${kind}_${s.reason}`, {side});
    const why = reason_text(s.reason);
    return why ? t(`result.${kind}_why`, {side, why}) : t(`result.${kind}`, {side});
}

// The result banner: to a player "You won" / "You lost" / "Draw" first, then
// the colour's result with its reason, and the rating change of a rated game.
export function result_view(st, seat) {
    const text = result_text(st);
    const s = st.status;
    let headline = null;
    let outcome = null;  // draw, won, lost: the banner's class
    if (seat !== null && s.state === 'over') outcome = s.winner < 0 ? 'draw' : s.winner === seat ? 'won' : 'lost';
    if (outcome) headline = t(`result.you_${outcome}`);
    const r = seat === null ? null : (st.ratings || []).find((x) => x.seat === seat);
    const change = r ? t('result.your_rating', {rating: `${r.after}${r.provisional ? '?' : ''}`,
        diff: `${r.diff >= 0 ? '+' : '−'}${Math.abs(r.diff)}`}) : null;
    return v('div', {class: `banner${outcome ? ` result-${outcome}` : ''}`, role: 'status', 'aria-live': 'polite',
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
        items.push(v('a', {key: 'new', class: 'btn', href: '#/', 'data-test': 'new-opponent'}, t('game.new_opponent')));
    }
    items.push(v('a', {key: 'replay', class: 'btn', href: `#/replay/${room}`, 'data-test': 'replay-link'}, t('game.replay')));
    if (st.status.state === 'over') items.push(v('a', {key: 'review', class: 'btn', href: `#/replay/${room}/review`, 'data-test': 'review-link'}, t('game.computer_analysis')));
    return v('div', {class: 'end-actions', role: 'group', 'aria-label': t('game.after_the_game'), 'data-test': 'end-actions'}, items);
}

function event_items(st, seat, tour) {
    const out = [v('a', {key: 'back', class: 'btn primary', href: `#/tournament/${st.tournament.id}`, 'data-test': 'back-to-tournament'}, t('game.back_to_tournament'))];
    if (!tour || seat === null) return out;
    if (tour.back_at) out.push(v('button', {key: 'stay', class: 'btn', type: 'button', 'data-test': 'stay', onclick: () => tour.stay()}, t('game.stay')));
    if (st.tournament.berserk && !tour.away() && !(tour.about && tour.about.status === 'finished'))
        out.push(v('button', {key: 'pause', class: 'btn', type: 'button', 'data-test': 'pause-event', onclick: () => tour.pause()}, t('game.pause')));
    return out;
}

function rematch_items(st, seat, act) {
    const other = 1 - seat;
    const r = (st.offers && st.offers.rematch) || [false, false];
    if (st.rematch_next) return [v('a', {key: 'go-rematch', class: 'btn primary', 'data-test': 'go-rematch', href: `#/game/${st.rematch_next}`}, t('game.go_to_rematch'))];
    if (r[other] && !r[seat]) return [v('span', {key: 'rematch-wanted', class: 'offer'}, t('game.rematch_wanted')),
        btn(t('game.accept_rematch'), 'rematch.accept', act, 'primary'), btn(t('game.decline'), 'rematch.decline', act)];
    if (r[seat]) return [v('span', {key: 'rematch-sent', class: 'muted'}, t('game.rematch_offered'))];
    return [btn(t('game.rematch'), 'rematch.offer', act, 'primary')];
}

export function title_text(st) {
    return [game_names[st.game] || st.game, tc_text(st.tc), st.rated ? t('game.rated') : t('game.casual'), st.private ? t('game.private') : null]
        .filter(Boolean).join(' · ');
}

export function info_view(st, spectator, my_turn, tour) {
    return v('div', {class: 'info'},
        v('h1', {class: 'game-title'}, title_text(st)),
        event_line(st, spectator, tour),
        v('p', {class: 'muted'}, spectator ? `${t('game.you_are_watching')} · ` : '', v('span', {'data-test': 'spectators'}, t('game.watching', {count: st.spectators || 0}))),
        st.status.paused ? v('p', {class: 'error', 'data-test': 'paused'}, t('game.paused')) : null,
        my_turn ? v('p', {class: 'your-turn'}, t('game.your_move')) : null);
}

// A tournament game's event: its name (a link back), the arena's time left
// or the Swiss round, the player's rank and score, and, once the game is
// over, that the page is about to go back to it.
function event_line(st, spectator, tour) {
    if (!st.tournament || !st.tournament.id) return null;
    const ev = tour && tour.about;
    const href = `#/tournament/${st.tournament.id}`;
    return v('div', {class: 'game-event', 'data-test': 'game-tournament'},
        v('p', {},
            icon('trophy'), ' ',
            v('a', {href, 'data-test': 'tournament-link'}, ev ? ev.name : t('game.tournament')),
            ev ? v('span', {class: 'muted', 'data-test': 'event-when'}, ` · ${event_when(ev, tour.now())}`) : null),
        !spectator && ev && tour.mine ? v('p', {class: 'muted', 'data-test': 'event-place'}, my_place(ev, tour.mine)) : null,
        !spectator && tour && tour.back_at ? v('p', {'data-test': 'going-back', role: 'status'}, t('game.back_soon')) : null);
}

// The buttons a seated player may press while the game is on; `act(type)`
// sends the command. Resign and abort ask first: `confirming` is the one
// awaiting its second click ("Click again to resign"), if any.
// Each button keeps its key from one update to the next, so it keeps the focus.
export function controls(st, seat, act, confirming) {
    if (st.status.state !== 'playing') return null;
    const items = [];
    const other = 1 - seat;
    const agreed = agreed_key(st);
    const dangerous = (type) => (confirming === type
        ? v('button', {key: type, class: 'btn danger confirming', type: 'button', 'data-action': type, 'data-confirm': 'true', onclick: () => act(type)},
            t(`game.confirm_${type}`))
        : btn(t(`game.${type}`), type, act, type === 'resign' ? 'danger' : ''));
    if ((st.moves || []).length < 2) items.push(dangerous('abort'));
    else items.push(dangerous('resign'));
    items.push(...berserk_items(st, seat, act));
    const draw = st.offers ? st.offers.draw : -1;
    if (draw === -1) items.push(btn(t(`game.offer_${agreed}`), 'draw.offer', act));
    else if (draw === seat) items.push(v('span', {key: 'offer-sent', class: 'muted', 'data-test': 'offer-sent'}, t(`game.${agreed}_offered`)));
    else items.push(v('span', {key: 'offer-received', class: 'offer', 'data-test': 'offer-received'}, t(`game.opponent_offers_${agreed}`)),
        btn(t('game.accept'), 'draw.accept', act, 'primary'), btn(t('game.decline'), 'draw.decline', act));
    const opp = (st.players || []).find((p) => p.seat === other);
    if (opp && opp.connected === false) {
        const wait = opp.claim_at ? Math.max(0, opp.claim_at - performance.now()) : 0;
        items.push(v('span', {key: 'left', class: 'muted', 'data-test': 'claim-wait'}, wait > 0 ? t('game.claim_in', {s: Math.ceil(wait / 1000)}) : t('game.opponent_left')),
            btn(t('game.claim_win'), 'claim.win', act, '', wait > 0), btn(t('game.claim_draw'), 'claim.draw', act, '', wait > 0));
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
    if (!flags[seat] && not_moved) out.push(btn(t('game.berserk'), 'berserk', act));
    if (flags[seat]) out.push(v('span', {key: 'berserk-mine', class: 'muted', 'data-test': 'berserk-mine'}, t('game.berserk_mine')));
    if (flags[1 - seat]) out.push(v('span', {key: 'berserk-theirs', class: 'offer', 'data-test': 'berserk-theirs'}, t('game.berserk_theirs')));
    return out;
}

// `disabled`: shown but not yet usable (a claim before its countdown ends).
function btn(label, type, act, cls = '', disabled = false) {
    return v('button', {key: type, class: `btn ${cls}`, type: 'button', 'data-action': type, disabled, onclick: () => act(type)}, label);
}
