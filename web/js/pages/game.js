// The game page: board, players and clocks, move list, controls, chat, result.
// Players get input and controls; spectators see the same without them, plus
// the spectator count and their own chat. The state comes from room_sync.
// The SVG board is drawn by board/; everything around it is a view patched
// in on each update (ui/vdom.js), so focus and half-typed text survive.
import {socket} from '../net/socket.js';
import {room_sync} from '../net/room.js';
import {create_board} from '../board/board.js';
import {h, toast, capitalise} from '../ui/dom.js';
import {v, view_root} from '../ui/vdom.js';
import {clock_ms, is_low} from '../ui/clock.js';
import {play as play_sound, is_muted, set_muted, played} from '../ui/sound.js';
import {game_names, colour_names, game_info} from '../catalogue.js';
import {player_box, tick_clocks, move_list, result_text, info_view, controls, chat_view, board_tools, colour_of} from './game_view.js';
import {game_history} from './game_history.js';
import {takeback_view, premove_keeper, single_click} from './game_extras.js';
import {notify_on, toggle_notify, notify_turn, notified} from '../ui/notify.js';

export function mount(el, room) {
    let board = null, board_layout = null, pending = false, frame = 0, last_input_key = null;
    let choices = null, stop = null, shown_moves = -1, shown_chat = -1;
    let flipped = false, browse = null, browse_token = 0, started_sound = false, low_warned = false;
    let takeback_declined = false;  // our takeback request was declined (until the next move)
    const premove = premove_keeper(() => { if (sync.state) draw(); });
    const history = game_history(room);
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

    const sync = new room_sync(room, (what, d) => { react(what, d); render(what); });
    if (window.kibitz) { window.kibitz.game = sync; window.kibitz.sounds = played; window.kibitz.notified = notified; }  // for debugging and the browser tests

    function my_seat() { const y = sync.state && sync.state.you; return y && y.seat !== null && y.seat !== undefined ? y.seat : null; }

    function send_move(text, done) {
        const st = sync.state;
        if (!st || pending) return;
        pending = true;
        root.dataset.pending = '1';
        choices = null;
        stop = null;
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

    function send_chat(text) { socket.request('chat', {room, text}).catch((e) => toast(e.message || e.code, 'error')); }

    // The board is redrawn only when its shape changes or a full state arrives;
    // then the panels are patched.
    function render(what) {
        const st = sync.state;
        if (!st) {
            // A finished game whose room has closed: its link opens the replay.
            if (sync.error && sync.stored) { location.replace(`#/replay/${encodeURIComponent(room)}`); return; }
            if (sync.error) side.update(v('aside', {class: 'side'}, v('p', {class: 'error'},
                sync.error.code === 'unknown_room' ? 'This game does not exist (or has been closed).' : sync.error.message || sync.error.code)));
            return;
        }
        const seat = my_seat();
        const bottom_seat = seat === null ? 0 : seat;
        if (!started_sound && st.status.state === 'playing' && !(st.moves || []).length && what === 'state') { started_sound = true; play_sound('start'); }
        if (!board || board_layout !== st.board.layout || what === 'state') {
            board = create_board(board_host, st.board, {
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
            board_col.style.setProperty('--board-aspect', String(board.aspect));
            board.set_orientation(flipped ? 1 - bottom_seat : bottom_seat);
            last_input_key = null;  // a new board takes its input below
            if (browse !== null) { show_ply(browse); draw(); return; }
        }
        if (browse !== null) { draw(); return; }  // an earlier position stays on the board
        board.set_pieces(st.board.pieces);
        board.set_marks(sync.last ? {last: sync.last.path, affected: sync.last.affected} : {});
        const my_turn = is_my_turn(st, seat);
        // Only when the legal moves (or whose turn it is) changed: a presence,
        // chat or offer update must not drop a move the player is half-way
        // through picking (seen in the browser tests: a click lost under load).
        const input_key = `${my_turn}|${st.board.moves.map((m) => m.text).join(' ')}`;
        if (input_key !== last_input_key || what === 'error') {
            board.set_input(st.board.moves, my_turn);
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
            if (pending) { setTimeout(() => render('premove'), 50); return; }  // our last move's ack is still on its way
            const m = premove.match(st.board.moves);
            board.set_premove_input(null);
            premove.clear();
            if (m) send_move(m.text);
            else toast('The premove is not a legal move now: dropped.');
            return;
        }
        const allowed = seat !== null && !my_turn && st.clocks && st.status.state === 'playing';
        board.set_premove_input(allowed ? seat : null, single_click(st.board.moves));
        if (!allowed) premove.clear();
    }

    function is_my_turn(st, seat) { return seat !== null && st.status.state === 'playing' && st.board.to_move === seat; }

    // Patches every panel from the current state (cheap: only differences reach the page).
    function draw() {
        const st = sync.state;
        const seat = my_seat();
        const spectator = seat === null;
        const bottom_seat = (spectator ? 0 : seat) ^ (flipped ? 1 : 0);
        const my_turn = is_my_turn(st, seat);
        top.update(player_box(st, 1 - bottom_seat));
        bottom.update(player_box(st, bottom_seat));
        const result = result_text(st);
        const moves = st.moves || [];
        const hint = (game_info(st.game) || {}).notation_hint;
        // Each part keyed, so one appearing or going never makes another's element be reused.
        const aside = side.update(v('aside', {class: 'side'}, [
            ['banner', v('div', {class: 'banner', role: 'status', 'aria-live': 'polite', 'data-test': 'result', hidden: !result}, result)],
            ['info', info_view(st, spectator, my_turn)],
            ['moves', v('div', {class: 'moves-wrap'}, move_list(moves, (browse === null ? moves.length : browse) - 1, go_to))],
            ['tools', board_tools(browse, moves.length, go_to, flip, is_muted(), toggle_sound,
                spectator ? null : {on: notify_on(), toggle: () => toggle_notify().then(() => draw())})],
            ['pick', pick_view()],
            ['notation', spectator ? null : notation_form(hint, my_turn)],
            ['controls', spectator ? null : controls(st, seat, act)],
            ['takeback', spectator ? null : takeback_view(st, seat, act, takeback_declined)],
            ['chat', chat_view(st, send_chat, spectator)],
            ['links', st.status.state !== 'playing' ? v('p', {class: 'links'}, v('a', {href: `#/replay/${room}`, 'data-test': 'replay-link'}, 'Replay this game')) : null],
        ].map(([key, node]) => node && Object.assign(node, {key}))));
        // New lines scroll into view; the player's own scrolling is left alone otherwise.
        if (moves.length !== shown_moves && browse === null) { shown_moves = moves.length; scroll_end(aside.querySelector('[data-test="moves"]')); }
        if (browse !== null) scroll_to_current(aside.querySelector('[data-test="moves"]'));
        const chat_n = (st.chat || []).length;
        if (chat_n !== shown_chat) { shown_chat = chat_n; scroll_end(aside.querySelector('[data-test="chat-log"]')); }
        root.dataset.ply = String(moves.length);
        root.dataset.status = st.status.state;
        root.dataset.seat = spectator ? 'spectator' : String(seat);
        root.dataset.turn = my_turn ? 'me' : 'other';
        root.dataset.v = String(sync.v);
        if (browse === null) delete root.dataset.browse; else root.dataset.browse = String(browse);
        if (premove.get()) root.dataset.premove = `${premove.get().from}-${premove.get().to}`; else delete root.dataset.premove;
        root.dataset.flipped = flipped ? 'true' : 'false';
        const title = `${my_turn ? 'Your move · ' : ''}${result ? `${result} · ` : ''}${game_names[st.game] || st.game} · ` +
            `${(st.players || []).map((p) => p.name).join(' vs ')} · Kibitz`;
        if (document.title !== title) document.title = title;
    }

    // The move typed in notation (the input is never given a value: typing stays).
    function notation_form(hint, my_turn) {
        return v('form', {class: 'notation', onsubmit: (ev) => {
            ev.preventDefault();
            const input = ev.currentTarget.elements.move;
            const text = input.value.trim();
            if (text) send_move(text, () => { input.value = ''; });
        }},
        v('input', {type: 'text', name: 'move', autocomplete: 'off', 'aria-label': 'move in notation', 'data-test': 'notation',
            placeholder: hint ? `Type a move, e.g. ${hint}` : 'Type a move', disabled: !my_turn}),
        v('button', {class: 'btn small', type: 'submit'}, 'Play'));
    }

    // Which of several moves through the same cells, or "you may stop here".
    function pick_view() {
        let items = [];
        if (choices) items = [v('span', {}, 'Which move? '), choices.map((m) => v('button', {key: `c-${m.text}`, type: 'button', class: 'btn small',
            onclick: () => send_move(m.text)}, m.text))];
        else if (stop) items = [v('span', {}, 'You may stop here: '), stop.map((m) => v('button', {key: `s-${m.text}`, type: 'button', class: 'btn small',
            'data-test': 'stop-here', onclick: () => board && board.finish(m)}, m.text)), v('span', {class: 'muted'}, ' or keep going.')];
        return v('div', {class: 'pick', 'aria-live': 'polite', 'data-test': 'pick'}, items);
    }

    function scroll_end(el) { if (el) el.scrollTop = el.scrollHeight; }
    // Keeps the move shown in view inside the list (never scrolls the page).
    function scroll_to_current(list) {
        const li = list && list.querySelector('li.current');
        if (!li) { if (list) list.scrollTop = 0; return; }
        if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
        else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
    }

    // Earlier positions: the board shows ply `p` (no input) while the game
    // goes on; the last ply is the live game again.
    function go_to(p) {
        const st = sync.state;
        if (!st || !board) return;
        const n = (st.moves || []).length;
        const target = Math.max(0, Math.min(n, p));
        if (target === n) {
            if (browse === null) return;
            browse = null;
            browse_token++;
            last_input_key = null;
            render('live');
            return;
        }
        browse = target;
        board.set_input([], false);
        choices = null;
        stop = null;
        show_ply(target);
        draw();
    }

    async function show_ply(p) {
        const token = ++browse_token;
        const at = await history.at(p, (sync.state.moves || []).length);
        if (token !== browse_token || browse !== p || !board) return;
        if (!at) { toast('Earlier positions of this game are not available.', 'error'); go_to(Infinity); return; }
        board.set_pieces(at.pieces);
        board.set_marks(at.marks);
        root.dataset.shown = String(p);
    }

    function flip() {
        flipped = !flipped;
        const seat = my_seat();
        if (board) board.set_orientation(((seat === null ? 0 : seat) ^ (flipped ? 1 : 0)));
        draw();
    }

    function toggle_sound() { set_muted(!is_muted()); draw(); }

    // Sounds and the screen-reader line for what just happened.
    function react(what, d) {
        const st = sync.state;
        if (!st) return;
        if (what === 'move' && d) {
            play_sound(sync.last && sync.last.affected && sync.last.affected.length ? 'capture' : 'move');
            const seat = my_seat();
            if (seat === null || d.seat !== seat) announcer.textContent = `${capitalise(colour_of(st, d.seat))} played ${d.move}`;
            if (is_my_turn(st, seat)) notify_turn(`Your move · ${game_names[st.game] || st.game}`, `${capitalise(colour_of(st, d.seat))} played ${d.move}`, `kibitz-${room}`);
        }
        if (what === 'end') play_sound('end');
        // The one who offered is told of a refusal (the offer just disappears otherwise).
        if (what === 'offer' && d && d.state === 'declined' && d.by === my_seat() && d.kind !== 'takeback')
            toast(d.kind === 'draw' ? 'Your opponent declined your offer.' : 'Your opponent declined the rematch.');
        // Spectators follow the players into the rematch, as the players themselves are.
        if (what === 'rematch' && my_seat() === null && st.rematch_next) location.hash = `#/game/${st.rematch_next}`;
        if (what === 'move') takeback_declined = false;
        if (what === 'offer' && d && d.kind === 'takeback' && d.by === my_seat()) takeback_declined = d.state === 'declined';
        if (what === 'takeback' && d) {
            history.truncate(d.ply);
            play_sound('move');
            announcer.textContent = `Takeback: ${d.plies} move${d.plies === 1 ? '' : 's'} undone`;
        }
    }

    // Once a game, when the player's own clock runs low.
    function check_low_time() {
        const st = sync.state, seat = my_seat();
        if (low_warned || !st || seat === null || !st.clocks || st.status.state !== 'playing' || st.clocks.running !== seat) return;
        if (is_low(clock_ms(st.clocks, st.clocks_at, seat), st.clocks)) { low_warned = true; play_sound('low'); }
    }

    // Clocks tick every frame from the last server reading.
    const loop = () => { tick_clocks(root, sync.state); check_low_time(); frame = requestAnimationFrame(loop); };
    frame = requestAnimationFrame(loop);
    // The claim countdown is text in the controls: patched each second (the
    // buttons stay the same elements, so the focus stays where it is).
    const timer = setInterval(() => {
        const st = sync.state;
        if (st && st.status.state === 'playing' && (st.players || []).some((p) => p.connected === false)) draw();
    }, 1000);

    // Escape drops a half-picked move, whether it was picked by mouse or keys.
    // Arrow keys (outside the board and the text boxes) step through the moves.
    const on_key = (ev) => {
        if (!board || ev.target.closest?.('input, textarea, select')) return;
        const st = sync.state;
        const steps = {ArrowLeft: -1, ArrowRight: 1};
        if (st && steps[ev.key] && !ev.target.closest?.('[data-cell]')) {
            ev.preventDefault();
            const n = (st.moves || []).length;
            go_to((browse === null ? n : browse) + steps[ev.key]);
            return;
        }
        if (ev.key !== 'Escape') return;
        board.cancel();
        board.cancel_premove();
        choices = null;
        stop = null;
        if (sync.state) draw();
    };
    document.addEventListener('keydown', on_key);
    // A click anywhere off the board drops a queued premove.
    const on_press = (ev) => { if (board && premove.get() && !ev.target.closest?.('svg.board')) board.cancel_premove(); };
    document.addEventListener('pointerdown', on_press);

    return () => {
        document.removeEventListener('keydown', on_key);
        document.removeEventListener('pointerdown', on_press);
        cancelAnimationFrame(frame); clearInterval(timer); sync.close();
        if (window.kibitz && window.kibitz.game === sync) window.kibitz.game = null;
    };
}
