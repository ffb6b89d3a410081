// #/analysis/<game>?position=TEXT&moves=JSON: explore any position. Both
// sides move on the board; the moves form a tree (playing another move from an
// earlier position starts a variation); the server's engine gives its score
// and best line live, shown with an evaluation bar. The board and its legal
// moves come from the server (POST /api/position), so no rule is in here.
// "Edit" opens the position editor (position_editor.js) on the board shown.
import {socket} from '../net/socket.js';
import {h, clear, capitalise, toast} from '../ui/dom.js';
import {game_names, colour_names} from '../catalogue.js';
import {position_of, draw_position} from '../ui/diagram.js';
import {show_choices, show_stop, clear_pick} from '../ui/pick_view.js';
import {play_from_here} from './play_from_here.js';
import {open_editor} from './position_editor.js';

// A move tree: each node is one move, children are the moves played after it
// (the first child is the main line).
function node(move, parent) { return {move, parent, children: []}; }
function line_to(n) { const out = []; for (; n && n.parent; n = n.parent) out.unshift(n.move); return out; }

export function mount(el, game) {
    // The query is read undecoded: the router decodes its captures, which
    // would turn a position's '%2B' into a '+' that URLSearchParams reads as a space.
    const params = new URLSearchParams(location.hash.split('?')[1] || '');
    let start = params.get('position') || null;
    const root_node = node(null, null);
    let current = root_node, board = null, bottom = 0, pos = null, search_id = 0, last_sent = 0, pending = null;
    try {
        let n = root_node;
        for (const m of JSON.parse(params.get('moves') || '[]')) { const c = node(m, n); n.children.push(c); n = c; }
        current = n;
    } catch { /* a bad moves parameter: start from the position */ }

    document.title = `Analysis · ${game_names[game] || game} · Kibitz`;
    const board_host = h('div', {class: 'board-wrap'});
    const bar_fill = h('div', {class: 'eval-fill'});
    const bar = h('div', {class: 'eval-bar', 'aria-hidden': 'true', title: 'the first side\'s share (light) against the second\'s'}, bar_fill);
    const pick = h('div', {class: 'pick'});
    const eval_el = h('p', {class: 'eval', 'data-test': 'eval', role: 'status'}, 'Engine: waiting…');
    const pv_el = h('p', {class: 'pv muted', 'data-test': 'pv'});
    const moves_el = h('ol', {class: 'tree', 'data-test': 'tree'});
    const status_el = h('p', {class: 'banner', 'data-test': 'status'});
    const here = play_from_here(game, () => (pos && pos.status.state === 'playing' ? pos.position : null));
    const text_in = h('input', {class: 'position-text', 'data-test': 'position-text', 'aria-label': 'position text', spellcheck: 'false'});
    const editor_host = h('aside', {class: 'side editor-host', hidden: true});
    const root = h('div', {class: 'game analysis', 'data-test': 'analysis', tabindex: '-1'},
        h('div', {class: 'board-col'}, board_host),
        h('aside', {class: 'side'},
            h('h1', {}, `Analysis · ${game_names[game] || game}`), bar, eval_el, pv_el, status_el, pick,
            h('div', {class: 'replay-nav', role: 'toolbar', 'aria-label': 'moves'},
                h('button', {class: 'btn', 'data-step': 'first', 'aria-label': 'start position', onclick: () => go(root_node)}, '|<'),
                h('button', {class: 'btn', 'data-step': 'prev', 'aria-label': 'back', onclick: () => go(current.parent || current)}, '<'),
                h('button', {class: 'btn', 'data-step': 'next', 'aria-label': 'forward', onclick: () => go(current.children[0] || current)}, '>'),
                h('button', {class: 'btn', 'aria-label': 'flip board', 'data-test': 'flip', onclick: () => { bottom = 1 - bottom; board?.set_orientation(bottom); }}, 'Flip')),
            moves_el,
            h('form', {class: 'notation', onsubmit: (e) => { e.preventDefault(); load_text(text_in.value.trim()); }},
                text_in, h('button', {class: 'btn small', type: 'submit'}, 'Load')),
            h('div', {class: 'actions'},
                h('button', {class: 'btn small', onclick: () => copy(pos?.position || ''), 'data-test': 'copy'}, 'Copy position'),
                h('button', {class: 'btn small', onclick: () => copy(share_url()), 'data-test': 'share'}, 'Share link'),
                h('button', {class: 'btn small', onclick: edit, 'data-test': 'edit'}, 'Edit')),
            here.el),
        editor_host);
    el.append(root);
    root.addEventListener('keydown', (ev) => {
        if (ev.target.closest('input')) return;
        if (ev.key === 'ArrowLeft') go(current.parent || current);
        if (ev.key === 'ArrowRight') go(current.children[0] || current);
    });
    const offs = [
        socket.on('analysis.info', (d) => { if (d.id === search_id) show_eval(d); }),
        socket.on('analysis.done', (d) => { if (d.id === search_id && d.best) eval_el.dataset.done = 'true'; }),
        socket.on('ready', () => ask_engine()),
        // A busy engine or a full rate budget: ask again shortly; anything else is said.
        socket.on('error', (d) => {
            if (d.re !== 'analysis.start') return;
            if (d.code === 'rate_limited' || d.code === 'server_busy') { clearTimeout(pending); pending = setTimeout(ask_engine, 1000); return; }
            eval_el.textContent = `Engine: ${d.message}`;
        }),
    ];

    // The editor takes the side column's place until Done or Cancel; Done
    // starts a new analysis from the server's position.
    function edit() {
        if (!pos) return;
        clearTimeout(pending);
        socket.send('analysis.stop');
        root.dataset.editing = 'true';
        editor_host.hidden = false;
        const close = () => { delete root.dataset.editing; editor_host.hidden = true; clear(editor_host); };
        open_editor(board_host, editor_host, game, pos, {bottom,
            on_done: (r) => { close(); start = r.position; root_node.children = []; go(root_node); },
            on_cancel: () => { close(); go(current); }});
    }

    function share_url() {
        const q = new URLSearchParams();
        if (start) q.set('position', start);
        const line = line_to(current);
        if (line.length) q.set('moves', JSON.stringify(line));
        return `${location.origin}${location.pathname}#/analysis/${game}${q.toString() ? `?${q}` : ''}`;
    }
    async function copy(text) {
        try { await navigator.clipboard.writeText(text); toast('Copied'); } catch { text_in.value = text; text_in.select(); }
    }
    async function load_text(text) {
        const r = await position_of(game, text || null, []);
        if (r.error) { toast(r.message, 'error'); status_el.textContent = r.message; return; }
        start = text || null;
        root_node.children = [];
        go(root_node);
    }

    async function go(n) {
        current = n;
        const line = line_to(n);
        const r = await position_of(game, start, line);
        if (n !== current) return;  // a later step overtook this one
        if (r.error) { status_el.textContent = r.message; return; }
        pos = r;
        board = draw_position(board_host, game, r, {label: `${game} analysis board`, on_move: (m) => play(m.text),
            on_choose: (ms) => show_choices(pick, ms, play), on_select: (p, fin) => show_stop(pick, p, fin, () => board)});
        board.set_orientation(bottom);
        board.set_input(r.board.moves, r.status.state === 'playing', {refusals: r.board.refusals, idle: 'The game is over in this position'});
        status_el.hidden = r.status.state !== 'over';
        status_el.textContent = r.status.state === 'over' ? `Game over: ${r.status.winner >= 0 ? `${capitalise(colour_names[game]?.[r.status.winner] || 'a side')} wins` : 'draw'} (${r.status.reason})` : '';
        text_in.value = r.position;
        root.dataset.ply = String(line.length);
        if (window.kibitz) window.kibitz.analysis = {moves: r.board.moves};  // for the browser tests
        render_tree();
        ask_engine();
    }

    function play(text) {
        clear_pick(pick);
        const existing = current.children.find((c) => c.move === text);
        if (existing) return go(existing);
        const c = node(text, current);
        current.children.push(c);
        go(c);
    }

    // The line to the current node, then its main continuation; each move
    // with alternatives lists them (a click goes there).
    function render_tree() {
        clear(moves_el);
        const path = [];
        for (let n = current; n && n.parent; n = n.parent) path.unshift(n);
        for (let n = current.children[0]; n; n = n.children[0]) path.push(n);
        for (const n of path) {
            const alts = n.parent.children.filter((c) => c !== n);
            moves_el.append(h('li', {class: n === current ? 'current' : ''},
                h('button', {class: 'move', 'data-move': n.move, onclick: () => go(n)}, n.move),
                alts.length ? h('span', {class: 'alts muted'}, ' (', alts.map((a) => h('button', {class: 'move alt', onclick: () => go(a)}, a.move)), ')') : null));
        }
    }

    // One engine request at a time, at most every 300 ms (the server's limit is 250).
    function ask_engine() {
        if (!pos || pos.status.state !== 'playing') { socket.send('analysis.stop'); eval_el.textContent = 'Engine: no moves to think about.'; return; }
        const wait = last_sent + 300 - Date.now();
        clearTimeout(pending);
        if (wait > 0) { pending = setTimeout(ask_engine, wait); return; }
        last_sent = Date.now();
        search_id++;
        delete eval_el.dataset.done;
        eval_el.textContent = 'Engine: thinking…';
        socket.send('analysis.start', {game, position: start, moves: line_to(current), id: search_id});
    }

    function show_eval(d) {
        const s = d.score;
        const side = (seat) => capitalise((colour_names[game] || [])[seat] || `seat ${seat + 1}`);
        const words = s.end_in !== undefined ? `${side(s.winner)} wins in ${s.end_in} plies`
            : `${(s.cp / 100).toFixed(2)} (${side(s.cp >= 0 ? 0 : 1)} ${Math.abs(s.cp) < 20 ? 'equal' : 'better'})`;
        eval_el.textContent = `Depth ${d.depth}: ${words}`;
        eval_el.dataset.depth = String(d.depth);
        pv_el.textContent = `Best line: ${d.pv.join(' ')}`;
        // The bar: seat 0's share, a smooth function of the score.
        const share = s.end_in !== undefined ? (s.winner === 0 ? 1 : 0) : 1 / (1 + Math.exp(-s.cp / 400));
        bar_fill.style.width = `${Math.round(share * 100)}%`;
    }

    go(current);
    return () => { offs.forEach((f) => f()); here.dispose(); clearTimeout(pending); socket.send('analysis.stop'); };
}
