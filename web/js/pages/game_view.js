// The game page as one view (snabbdom, ui/vdom.js) of its controller
// (game_ctrl.js): the board's column (the players and clocks around the
// board's host), the side column (result, actions, moves, tools, the move
// picker, notation, controls, chat) and the live region read to screen
// readers. Reads the controller's state and calls its intents; changes
// nothing itself. The SVG board is hung on the keyed host by the controller;
// the clocks are filled in by tick_clocks (game_panels.js) when their text changes.
import {v} from '../ui/vdom.js';
import {game_names, game_info} from '../catalogue.js';
import {pick_view} from '../ui/pick_view.js';
import {player_box, move_list, result_text, result_view, end_actions, info_view, controls, board_tools} from './game_panels.js';
import {chat_view} from './game_chat.js';
import {notation_form} from './game_forms.js';
import {takeback_view, premove_line_view, analyse_view} from './game_extras.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

export function game_view(c) {
    const st = c.room_state(), s = c.s;
    const seat = st ? c.seat() : null, my_turn = c.my_turn();
    const bottom_seat = (seat === null ? 0 : seat) ^ (s.flipped ? 1 : 0);
    const board = c.board();
    const attrs = {class: 'game', 'data-room': s.room, 'data-pending': s.pending ? '1' : null};
    if (st) {
        Object.assign(attrs, {'data-ply': (st.moves || []).length, 'data-status': st.status.state,
            'data-seat': seat === null ? 'spectator' : seat, 'data-turn': my_turn ? 'me' : 'other', 'data-v': c.sync.v,
            'data-browse': s.browse, 'data-shown': s.browse !== null && s.shown ? s.shown.ply : null,
            'data-premove': s.premove ? `${s.premove.from}-${s.premove.to}` : null, 'data-flipped': s.flipped ? 'true' : 'false'});
    }
    return v('div', attrs,
        v('div', {key: 'board-col', class: 'board-col', style: board ? {'--board-aspect': String(board.aspect)} : {}},
            st ? player_box(st, 1 - bottom_seat) : null,
            v('div', {key: 'board', class: 'board-wrap', hook: {insert: (vn) => c.board_host(vn.elm)}}),
            st ? player_box(st, bottom_seat) : null),
        v('div', {key: 'side-col', class: 'side-col'},
            // Notices go above the side panel: in the flow, over nothing (ui/dom.js's toast).
            v('div', {key: 'toasts', class: 'toasts', 'data-toast-host': '', 'aria-live': 'polite'}),
            v('aside', {key: 'side', class: 'side'}, st ? side_panels(c, st, seat, my_turn) : waiting(c))),
        // Read out by screen readers: every move (one's own as "You played…").
        v('div', {key: 'announce', class: 'sr-only', 'aria-live': 'polite', role: 'log', 'data-test': 'announce'},
            s.announced.map((a) => v('p', {key: a.n}, a.text))));
}

function waiting(c) {
    const e = c.sync.error;
    if (!e) return [v('p', {key: 'loading', class: 'muted'}, t('game.loading'))];
    return [v('p', {key: 'error', class: 'error'}, e.code === 'unknown_room' ? t('game.no_such_game') : error_text(e))];
}

// Each part keyed, so one appearing or going never makes another's element be reused.
function side_panels(c, st, seat, my_turn) {
    const s = c.s, spectator = seat === null, at = s.browse;
    const moves = st.moves || [];
    const hint = (game_info(st.game) || {}).notation_hint;
    const play = (text, done) => c.play(text, done);
    const act = (type) => c.act(type);
    return [
        ['banner', result_view(st, seat)],
        ['end', end_actions(st, seat, act, s.room, c.tour)],
        ['info', info_view(st, spectator, my_turn, c.tour)],
        ['analyse', analyse_view(st, (spectator ? 0 : seat) ^ (s.flipped ? 1 : 0))],
        ['moves', v('div', {class: 'moves-wrap', hook: follow_list('[data-test="moves"]', at)},
            move_list(moves, (at === null ? moves.length : at) - 1, (p) => c.go(p)))],
        ['tools', board_tools(at, moves.length, (p) => c.go(p), () => c.flip(), s.muted, () => c.toggle_sound(),
            spectator ? null : {on: s.notify, toggle: () => c.toggle_notify()})],
        ['pick', pick_view(s.choices, s.stop, play, (m) => c.finish(m))],
        ['notation', spectator || st.status.state !== 'playing' ? null : notation_form(hint, my_turn, play)],
        ['controls', spectator ? null : controls(st, seat, act, s.confirming)],
        ['takeback', spectator ? null : takeback_view(st, seat, act, s.takeback_declined)],
        ['premove-line', spectator ? null : premove_line_view(st, seat, (text, done) => c.set_line(text, done))],
        ['chat', with_hook(chat_view(st, c, spectator), follow_list('[data-test="chat-log"]', null))],
    ].map(([key, node]) => node && Object.assign(node, {key}));
}

// Keeps a list scrolled: to its end when lines were added (the player's own
// scrolling is left alone otherwise), or to the current line while browsing.
function follow_list(sel, at) {
    let before = 0;
    const count = (el) => (el && el.querySelector(sel) ? el.querySelector(sel).children.length : 0);
    return {
        insert: (vn) => scroll_end(vn.elm.querySelector(sel)),
        prepatch: (old) => { before = count(old.elm); },
        postpatch: (old, vn) => {
            const list = vn.elm.querySelector(sel);
            if (at !== null) scroll_to_current(list);
            else if (count(vn.elm) !== before) scroll_end(list);
        },
    };
}

function with_hook(node, hook) { node.data.hook = hook; return node; }

function scroll_end(el) { if (el) el.scrollTop = el.scrollHeight; }

// Keeps the move shown in view inside the list (never scrolls the page).
function scroll_to_current(list) {
    const li = list && list.querySelector('li.current');
    if (!li) { if (list) list.scrollTop = 0; return; }
    if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
}

// The tab's title: "Your move · <game> · A vs B · Kibitz".
export function game_title(c) {
    const st = c.room_state();
    if (!st) return null;
    const result = result_text(st);
    return `${c.my_turn() ? `${t('game.your_move')} · ` : ''}${result ? `${result} · ` : ''}${game_names[st.game] || st.game} · ` +
        `${t('game.players_vs', {a: (st.players || [])[0]?.name || '?', b: (st.players || [])[1]?.name || '?'})} · Kibitz`;
}
