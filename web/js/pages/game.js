// The game page: board, players and clocks, move list, controls, chat, result.
// Players get input and controls; spectators see the same without them, plus
// the spectator count and their own chat. The state comes from room_sync.
// The SVG board is drawn by board/; everything around it is a view patched
// in on each update (ui/vdom.js), so focus and half-typed text survive.
// Beside this file: game_view.js, game_forms.js and game_extras.js (the
// panels), game_browse.js (earlier positions), game_react.js (sounds,
// announcements, following a rematch), game_keys.js (keys and clicks).
import {socket} from '../net/socket.js';
import {room_sync} from '../net/room.js';
import {create_board} from '../board/board.js';
import {h, toast} from '../ui/dom.js';
import {v, view_root} from '../ui/vdom.js';
import {is_muted, set_muted, played} from '../ui/sound.js';
import {game_names, colour_names, game_info} from '../catalogue.js';
import {player_box, tick_clocks, move_list, result_text, result_view, end_actions, info_view, controls, chat_view, board_tools} from './game_view.js';
import {notation_form} from './game_forms.js';
import {pick_view} from '../ui/pick_view.js';
import {takeback_view, premove_keeper, single_click} from './game_extras.js';
import {browsing, scroll_end, scroll_to_current} from './game_browse.js';
import {reactions} from './game_react.js';
import {listen_keys} from './game_keys.js';
import {notify_on, toggle_notify, notified} from '../ui/notify.js';

export function mount(el, room) {
    let board_layout = null, frame = 0, last_input_key = null;
    let choices = null, stop = null, shown_moves = -1, shown_chat = -1, flipped = false;
    const root = h('div', {class: 'game', 'data-room': room});
    const board_host = h('div', {class: 'board-wrap'});
    const board_col = h('div', {class: 'board-col'});
    root.append(board_col);
    const top = view_root(board_col);
    board_col.append(board_host);
    const bottom = view_root(board_col);
    // Notices go above the side panel: in the flow, over nothing.
    const side_col = h('div', {class: 'side-col'}, h('div', {class: 'toasts', 'data-toast-host': '', 'aria-live': 'polite'}));
    root.append(side_col);
    const side = view_root(side_col);
    // Read out by screen readers: the opponent's moves (every move, to a spectator).
    const announcer = h('div', {class: 'sr-only', 'aria-live': 'polite', role: 'log', 'data-test': 'announce'});
    root.append(announcer);
    el.append(root);
    side.update(v('aside', {class: 'side'}, v('p', {class: 'muted'}, 'Loading the game…')));

    // What the parts in the other modules share with this one.
    const page = {
        room, root, board: null, pending: false,
        sync: null, browse: null, premove: null,
        my_seat, is_my_turn, draw,
        drop_pick() { choices = null; stop = null; },
        back_to_live() { last_input_key = null; render('live'); },
    };
    page.premove = premove_keeper(() => { if (page.sync.state) draw(); });
    page.browse = browsing(page);
    const reacting = reactions(page, announcer);
    const sync = page.sync = new room_sync(room, (what, d) => { reacting.react(what, d); render(what); });
    const premove = page.premove, browse = page.browse;
    if (window.kibitz) { window.kibitz.game = sync; window.kibitz.sounds = played; window.kibitz.notified = notified; }  // for debugging and the browser tests

    function my_seat() { const y = sync.state && sync.state.you; return y && y.seat !== null && y.seat !== undefined ? y.seat : null; }

    // Not while the game is paused (the server cannot store moves for now).
    function is_my_turn(st, seat) { return seat !== null && st.status.state === 'playing' && !st.status.paused && st.board.to_move === seat; }

    function send_move(text, done) {
        const st = sync.state;
        if (!st || page.pending) return;
        page.pending = true;
        root.dataset.pending = '1';
        page.drop_pick();
        socket.request('move', {room, move: text}).then(() => done && done())
            .catch((e) => {
                toast(e.message || e.code, 'error');
                if (e.code === 'room_moving') sync.join();  // its new node sends room.state
                page.board && render('error');
            })
            .finally(() => { page.pending = false; delete root.dataset.pending; });
    }

    // Resign and abort take a second click within a few seconds (as lichess asks).
    let confirming = null, confirm_timer = 0;
    function act(type) {
        if ((type === 'resign' || type === 'abort') && confirming !== type) {
            confirming = type;
            clearTimeout(confirm_timer);
            confirm_timer = setTimeout(() => { confirming = null; if (sync.state) draw(); }, 3000);
            draw();
            return;
        }
        if (confirming) { confirming = null; clearTimeout(confirm_timer); }
        const d = {room};
        let t = type;
        if (type === 'claim.win' || type === 'claim.draw') { t = 'claim'; d.result = type.slice(6); }
        socket.request(t, d).catch((e) => toast(e.message || e.code, 'error'));
    }

    function send_chat(text) { socket.request('chat', {room, text}).catch((e) => toast(e.message || e.code, 'error')); }

    // The board is redrawn only when its shape changes or a full state arrives;
    // then the panels are patched.
    function render(what) {
        const st = sync.state;
        if (!st) {
            // A finished game whose room has closed: its link opens the replay.
            // A spectator is taken on to its rematch, as while the room was open.
            if (sync.error && sync.stored && sync.stored_rematch && !sync.stored_players.includes(socket.user && socket.user.name)) {
                location.replace(`#/game/${encodeURIComponent(sync.stored_rematch)}`); return;
            }
            if (sync.error && sync.stored) { location.replace(`#/replay/${encodeURIComponent(room)}`); return; }
            if (sync.error) side.update(v('aside', {class: 'side'}, v('p', {class: 'error'},
                sync.error.code === 'unknown_room' ? 'This game does not exist (or has been closed).' : sync.error.message || sync.error.code)));
            return;
        }
        const seat = my_seat();
        const bottom_seat = seat === null ? 0 : seat;
        if (!page.board || board_layout !== st.board.layout || what === 'state') {
            page.board = create_board(board_host, st.board, {
                colours: colour_names[st.game], label: `${game_names[st.game] || st.game} board`,
                on_move: (m) => send_move(m.text),
                on_choose: (ms) => { choices = ms; draw(); },
                on_premove: (p) => premove.set(p),
                on_select: (prefix, fin) => {
                    stop = prefix.length > 1 && fin.length ? fin : null;
                    if (prefix.length) choices = null;
                    if (sync.state) draw();
                },
            });
            board_layout = st.board.layout;
            board_col.style.setProperty('--board-aspect', String(page.board.aspect));
            page.board.set_orientation(flipped ? 1 - bottom_seat : bottom_seat);
            last_input_key = null;  // a new board takes its input below
            if (browse.at !== null) { browse.show(browse.at); draw(); return; }
        }
        if (browse.at !== null) { draw(); return; }  // an earlier position stays on the board
        const board = page.board;
        board.set_pieces(st.board.pieces);
        board.set_marks(sync.last ? {last: sync.last.path, affected: sync.last.affected} : {});
        const my_turn = is_my_turn(st, seat);
        // Only when the legal moves (or whose turn it is) changed: a presence,
        // chat or offer update must not drop a move the player is half-way
        // through picking (seen in the browser tests: a click lost under load).
        // What a click says while this viewer cannot move.
        const idle = seat === null ? 'You are watching: only the players move' : st.status.state !== 'playing' ? 'The game is over'
            : st.status.paused ? 'The game is paused' : 'Not your turn';
        const input_key = `${my_turn}|${idle}|${st.board.moves.map((m) => m.text).join(' ')}`;
        if (input_key !== last_input_key || what === 'error') {
            board.set_input(st.board.moves, my_turn, {refusals: st.board.refusals, idle});
            last_input_key = input_key;
        }
        premove_turn(st, seat, my_turn);
        draw();
    }

    // A premove may be queued while the opponent is to move in a timed game;
    // the moment the turn comes it is played if that move is legal then.
    function premove_turn(st, seat, my_turn) {
        const queued = premove.get();
        if (my_turn && queued) {
            if (page.pending) { setTimeout(() => render('premove'), 50); return; }  // our last move's ack is still on its way
            const m = premove.match(st.board.moves);
            page.board.set_premove_input(null);
            premove.clear();
            if (m) send_move(m.text);
            else toast('The premove is not a legal move now: dropped.');
            return;
        }
        const allowed = seat !== null && !my_turn && st.clocks && st.status.state === 'playing';
        page.board.set_premove_input(allowed ? seat : null, single_click(st.board.moves));
        if (!allowed) premove.clear();
    }

    // Patches every panel from the current state (cheap: only differences reach the page).
    function draw() {
        const st = sync.state;
        const seat = my_seat();
        const spectator = seat === null;
        const bottom_seat = (spectator ? 0 : seat) ^ (flipped ? 1 : 0);
        const my_turn = is_my_turn(st, seat);
        const at = browse.at;
        top.update(player_box(st, 1 - bottom_seat));
        bottom.update(player_box(st, bottom_seat));
        const result = result_text(st);
        const moves = st.moves || [];
        const hint = (game_info(st.game) || {}).notation_hint;
        const finish = (m) => page.board && page.board.finish(m);
        // Each part keyed, so one appearing or going never makes another's element be reused.
        const aside = side.update(v('aside', {class: 'side'}, [
            ['banner', result_view(st, seat)],
            ['end', end_actions(st, seat, act, room)],
            ['info', info_view(st, spectator, my_turn)],
            ['moves', v('div', {class: 'moves-wrap'}, move_list(moves, (at === null ? moves.length : at) - 1, browse.go_to))],
            ['tools', board_tools(at, moves.length, browse.go_to, flip, is_muted(), toggle_sound,
                spectator ? null : {on: notify_on(), toggle: () => toggle_notify().then(() => draw())})],
            ['pick', pick_view(choices, stop, send_move, finish)],
            ['notation', spectator || st.status.state !== 'playing' ? null : notation_form(hint, my_turn, send_move)],
            ['controls', spectator ? null : controls(st, seat, act, confirming)],
            ['takeback', spectator ? null : takeback_view(st, seat, act, reacting.takeback_declined)],
            ['chat', chat_view(st, send_chat, spectator)],
        ].map(([key, node]) => node && Object.assign(node, {key}))));
        // New lines scroll into view; the player's own scrolling is left alone otherwise.
        if (moves.length !== shown_moves && at === null) { shown_moves = moves.length; scroll_end(aside.querySelector('[data-test="moves"]')); }
        if (at !== null) scroll_to_current(aside.querySelector('[data-test="moves"]'));
        const chat_n = (st.chat || []).length;
        if (chat_n !== shown_chat) { shown_chat = chat_n; scroll_end(aside.querySelector('[data-test="chat-log"]')); }
        root.dataset.ply = String(moves.length);
        root.dataset.status = st.status.state;
        root.dataset.seat = spectator ? 'spectator' : String(seat);
        root.dataset.turn = my_turn ? 'me' : 'other';
        root.dataset.v = String(sync.v);
        if (at === null) delete root.dataset.browse; else root.dataset.browse = String(at);
        if (premove.get()) root.dataset.premove = `${premove.get().from}-${premove.get().to}`; else delete root.dataset.premove;
        root.dataset.flipped = flipped ? 'true' : 'false';
        const title = `${my_turn ? 'Your move · ' : ''}${result ? `${result} · ` : ''}${game_names[st.game] || st.game} · ` +
            `${(st.players || []).map((p) => p.name).join(' vs ')} · Kibitz`;
        if (document.title !== title) document.title = title;
    }

    function flip() {
        flipped = !flipped;
        const seat = my_seat();
        if (page.board) page.board.set_orientation(((seat === null ? 0 : seat) ^ (flipped ? 1 : 0)));
        draw();
    }

    function toggle_sound() { set_muted(!is_muted()); draw(); }

    // Clocks tick every frame from the last server reading.
    const loop = () => { tick_clocks(root, sync.state); reacting.check_low_time(); frame = requestAnimationFrame(loop); };
    frame = requestAnimationFrame(loop);
    // The claim countdown is text in the controls: patched each second (the
    // buttons stay the same elements, so the focus stays where it is).
    const timer = setInterval(() => {
        const st = sync.state;
        if (st && st.status.state === 'playing' && (st.players || []).some((p) => p.connected === false)) draw();
    }, 1000);
    const stop_keys = listen_keys(page);

    return () => {
        stop_keys();
        cancelAnimationFrame(frame); clearInterval(timer); clearTimeout(confirm_timer); sync.close();
        if (window.kibitz && window.kibitz.game === sync) window.kibitz.game = null;
    };
}
