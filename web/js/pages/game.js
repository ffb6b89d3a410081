// The game page: board, players and clocks, move list, controls, chat, result.
// Players get input and controls; spectators see the same without them, plus
// the spectator count and their own chat. The state comes from room_sync.
import {socket} from '../net/socket.js';
import {room_sync} from '../net/room.js';
import {create_board} from '../board/board.js';
import {show_choices as choices, show_stop as stop_here} from '../ui/move_choice.js';
import {h, clear, toast} from '../ui/dom.js';
import {game_names, colour_names, game_info} from '../catalogue.js';
import {player_box, tick_clocks, move_list, result_text, title_text, controls, chat_box} from './game_view.js';

export function mount(el, room) {
    let board = null, board_layout = null, pending = false, frame = 0, last_input_key = null;
    const root = h('div', {class: 'game', 'data-room': room});
    const top = h('div', {class: 'player-slot top'}), bottom = h('div', {class: 'player-slot bottom'});
    const board_host = h('div', {class: 'board-wrap'});
    const banner = h('div', {class: 'banner', role: 'status', 'aria-live': 'polite', 'data-test': 'result', hidden: true});
    const info = h('div', {class: 'info'}, h('p', {class: 'muted'}, 'Loading the game…'));
    const moves_host = h('div', {class: 'moves-wrap'});
    const pick = h('div', {class: 'pick', 'aria-live': 'polite', 'data-test': 'pick'});
    const notation = h('input', {type: 'text', name: 'move', autocomplete: 'off', placeholder: 'Type a move', 'aria-label': 'move in notation', 'data-test': 'notation'});
    const notation_form = h('form', {class: 'notation', onsubmit: (ev) => {
        ev.preventDefault();
        const text = notation.value.trim();
        if (text) send_move(text, () => { notation.value = ''; });
    }}, notation, h('button', {class: 'btn small', type: 'submit'}, 'Play'));
    const controls_host = h('div', {});
    const chat_host = h('div', {});
    const links = h('p', {class: 'links'});
    root.append(
        h('div', {class: 'board-col'}, top, board_host, bottom),
        h('aside', {class: 'side'}, banner, info, moves_host, pick, notation_form, controls_host, chat_host, links));
    el.append(root);

    const sync = new room_sync(room, (what) => render(what));
    if (window.kibitz) window.kibitz.game = sync;  // for debugging and the browser tests

    function my_seat() { const y = sync.state && sync.state.you; return y && y.seat !== null && y.seat !== undefined ? y.seat : null; }

    function send_move(text, done) {
        const st = sync.state;
        if (!st || pending) return;
        pending = true;
        root.dataset.pending = '1';
        socket.request('move', {room, move: text}).then(() => done && done())
            .catch((e) => { toast(e.message || e.code, 'error'); board && render('error'); })
            .finally(() => { pending = false; delete root.dataset.pending; });
    }

    function act(type) {
        const d = {room};
        let t = type;
        if (type === 'claim.win' || type === 'claim.draw') { t = 'claim'; d.result = type.slice(6); }
        socket.request(t, d).catch((e) => toast(e.message || e.code, 'error'));
    }

    function render(what) {
        const st = sync.state;
        if (!st) {
            if (sync.error) clear(info).append(h('p', {class: 'error'}, sync.error.code === 'unknown_room' ? 'This game does not exist (or has been closed).' : sync.error.message || sync.error.code));
            return;
        }
        const seat = my_seat();
        const spectator = seat === null;
        const bottom_seat = spectator ? 0 : seat;
        if (!board || board_layout !== st.board.layout || what === 'state') {
            board = create_board(board_host, st.board, {
                colours: colour_names[st.game], label: `${game_names[st.game] || st.game} board`,
                on_move: (m) => send_move(m.text),
                on_choose: (ms) => show_choices(ms),
                on_select: (prefix, fin) => show_stop(prefix, fin),
            });
            board_layout = st.board.layout;
            board.set_orientation(bottom_seat);
            last_input_key = null;  // a new board takes its input below
        }
        board.set_pieces(st.board.pieces);
        board.set_marks(sync.last ? {last: sync.last.path, affected: sync.last.affected} : {});
        const my_turn = !spectator && st.status.state === 'playing' && !st.status.paused && st.board.to_move === seat;
        // Only when the legal moves (or whose turn it is) changed: a presence,
        // chat or offer update must not drop a move the player is half-way
        // through picking (seen in the browser tests: a click lost under load).
        const input_key = `${my_turn}|${st.board.moves.map((m) => m.text).join(' ')}`;
        if (input_key !== last_input_key || what === 'error') {
            board.set_input(st.board.moves, my_turn);
            last_input_key = input_key;
        }

        clear(top).append(player_box(st, 1 - bottom_seat));
        clear(bottom).append(player_box(st, bottom_seat));
        const result = result_text(st);
        banner.hidden = !result;
        banner.textContent = result;
        clear(info).append(h('h2', {}, title_text(st)),
            h('p', {class: 'muted'}, spectator ? 'You are watching · ' : '', h('span', {'data-test': 'spectators'}, `${st.spectators || 0} watching`)),
            st.status.paused ? h('p', {class: 'error', 'data-test': 'paused'}, 'Paused: the server cannot save moves right now. The game goes on by itself once it can.') : '',
            my_turn ? h('p', {class: 'your-turn'}, 'Your move') : '');
        clear(moves_host).append(move_list(st, (st.moves || []).length - 1));
        moves_host.firstChild.scrollTop = moves_host.firstChild.scrollHeight;
        notation_form.hidden = spectator;
        notation.disabled = !my_turn;
        const hint = (game_info(st.game) || {}).notation_hint;
        notation.placeholder = hint ? `Type a move, e.g. ${hint}` : 'Type a move';
        clear(controls_host);
        if (!spectator) controls_host.append(controls(st, seat, act));
        if (what === 'state' || what === 'chat' || !chat_host.firstChild) {
            clear(chat_host).append(chat_box(st, (text) => socket.request('chat', {room, text}).catch((e) => toast(e.message || e.code, 'error')), spectator));
        }
        clear(links);
        if (st.status.state !== 'playing') links.append(h('a', {href: `#/replay/${room}`, 'data-test': 'replay-link'}, 'Replay this game'));
        root.dataset.ply = String((st.moves || []).length);
        root.dataset.status = st.status.state;
        root.dataset.seat = spectator ? 'spectator' : String(seat);
        root.dataset.turn = my_turn ? 'me' : 'other';
        root.dataset.v = String(sync.v);
    }

    function show_choices(ms) { choices(pick, ms, send_move); }
    function show_stop(prefix, fin) { stop_here(pick, prefix, fin, () => board); }

    // Clocks tick every frame from the last server reading.
    const loop = () => { tick_clocks(root, sync.state); frame = requestAnimationFrame(loop); };
    frame = requestAnimationFrame(loop);
    // Controls that depend on time (claim countdown) refresh each second.
    const timer = setInterval(() => {
        const st = sync.state, seat = my_seat();
        if (!st || seat === null || st.status.state !== 'playing') return;
        if ((st.players || []).some((p) => p.seat !== seat && p.connected === false)) clear(controls_host).append(controls(st, seat, act));
    }, 1000);

    return () => {
        cancelAnimationFrame(frame); clearInterval(timer); sync.close();
        if (window.kibitz && window.kibitz.game === sync) window.kibitz.game = null;
    };
}
