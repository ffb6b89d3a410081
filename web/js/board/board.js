// A rules-free SVG board: draws the cells and pieces of a board_view through a
// layout module (one per layout), marks the last move and the selection, and
// turns clicks, drags and keys into one of the server's legal moves (through
// move_picker). Layers: background, marks, pieces, cell names, then transparent hit shapes
// that carry focus, aria-labels and data-cell for input and tests.
import {s, clear} from '../ui/dom.js';
import {move_picker} from './picker.js';
import {layouts} from './layouts.js';
import {board_note, why_not} from './note.js';
import {direction_of, nearest} from './keys.js';
import {t} from '../i18n/i18n.js';

export function create_board(host, raw_view, opts = {}) {
    // The wire leaves out empty lists and zero counts: fill them in once here.
    const view = {...raw_view, cells: raw_view.cells.map((c) => ({...c, tags: c.tags || [], corners: c.corners || []}))};
    const layout = layouts[view.layout];
    if (!layout) throw new Error(`unknown layout ${view.layout}`);  // not for people: a developer's error
    // Side names (the catalogue's) name the pieces' CSS classes and their labels.
    const ctx = {view, colours: opts.colours || ['first', 'second']};
    const [vw, vh] = layout.size(view);
    const by_id = new Map(view.cells.map((c) => [c.id, c]));
    let flip = false;
    let pieces = new Map();
    let marks = {last: [], affected: []};
    let enabled = false;
    let focus_id = null;
    // Why some cells start no move (the server's, by cell), and what to say
    // to a click while input is off ("Not your turn"; null: nothing).
    let refusals = new Map(), idle_reason = null;
    const picker = new move_picker();
    // Premove (timed games): while the opponent is to move, the player may
    // queue one move as a start cell and an end cell (one cell where a move is
    // one click); the page plays it when the turn comes, if it is legal then.
    let premove_seat = null, premove_single = false, premove_from = null, premove = null;

    // passive: a picture only (the lobby's mini boards, inside a link): no
    // cells to click or focus, and nothing for a screen reader to walk.
    const root = s('svg', {class: `board board-${view.layout}${opts.passive ? ' passive' : ''}`, viewBox: `0 0 ${vw} ${vh}`,
        preserveAspectRatio: 'xMidYMid meet', ...(opts.passive ? {'aria-hidden': 'true'} : {role: 'group', 'aria-label': opts.label || t('board.board'), 'aria-description': t('board.keys_help')})});  // not for people
    const g_bg = s('g', {class: 'bg'}), g_marks = s('g', {class: 'marks'});
    const g_pieces = s('g', {class: 'pieces'}), g_labels = s('g', {class: 'labels'}), g_hit = s('g', {class: 'hits'});
    root.append(g_bg, g_marks, g_pieces, g_labels, g_hit);
    clear(host).append(root);
    const note = opts.passive ? null : board_note(host);
    // Screen pixels per board unit, for labels that must stay readable at any size (board.css).
    const scale = new ResizeObserver(() => {
        const w = root.getBoundingClientRect().width;
        if (w) root.style.setProperty('--px-per-unit', String(Math.min(w / vw, root.getBoundingClientRect().height / vh)));
    });
    scale.observe(root);

    // Centre of a cell in viewBox units, turned round when the board is flipped.
    function pos(id) {
        const c = by_id.get(id);
        const [x, y] = layout.project(c.x, c.y, view);
        return flip ? [vw - x, vh - y] : [x, y];
    }
    ctx.pos = pos;
    ctx.cell = (id) => by_id.get(id);

    function draw_static() {
        clear(g_bg); clear(g_hit); clear(g_labels);
        layout.background(g_bg, ctx, flip);
        // The cells' names (square numbers, pit letters) stay readable over the pieces.
        for (const el of [...g_bg.querySelectorAll('text')]) g_labels.append(el);
        const order = opts.passive ? [] : layout.hit_order ? layout.hit_order(view.cells) : view.cells;
        for (const c of order) {
            const el = layout.hit_shape(c, ctx);
            el.classList.add('hit');
            el.setAttribute('data-cell', c.id);
            el.setAttribute('tabindex', '-1');
            el.setAttribute('role', 'button');
            g_hit.append(el);
        }
        draw_pieces();
    }

    function draw_pieces() {
        clear(g_pieces);
        for (const p of pieces.values()) {
            if (!by_id.has(p.at)) continue;
            const el = layout.piece(p, ctx);
            el.classList.add('piece');
            el.setAttribute('data-at', p.at);
            g_pieces.append(el);
        }
        draw_marks();
    }

    function draw_marks() {
        clear(g_marks);
        const starts = enabled ? picker.starts() : new Set();
        const next = enabled ? picker.next() : new Set();
        const selected = new Set(picker.prefix);
        const fin = new Set(picker.finishing().map((m) => m.path[m.path.length - 1]));
        for (const id of marks.last) if (by_id.has(id)) g_marks.append(layout.mark(by_id.get(id), 'last', ctx));
        for (const id of marks.affected) if (by_id.has(id)) g_marks.append(layout.mark(by_id.get(id), 'affected', ctx));
        const queued = premove ? [premove.from, premove.to] : premove_from ? [premove_from] : [];
        for (const id of new Set(queued)) g_marks.append(layout.mark(by_id.get(id), 'premove', ctx));
        for (const id of selected) g_marks.append(layout.mark(by_id.get(id), 'selected', ctx));
        for (const id of next) g_marks.append(layout.mark(by_id.get(id), pieces.has(id) ? 'dest-occupied' : 'dest', ctx));
        // aria state on every hit shape
        for (const el of g_hit.children) {
            const id = el.getAttribute('data-cell');
            const c = by_id.get(id);
            let label = layout.describe(c, pieces.get(id), ctx);
            if (selected.has(id)) label += `, ${t('board.selected')}`;
            if (next.has(id)) label += `, ${t('board.legal_destination')}`;
            else if (fin.has(id)) label += `, ${t('board.stop_here')}`;
            else if (starts.has(id) && !picker.prefix.length) label += `, ${t('board.can_move')}`;
            el.setAttribute('aria-label', label);
            el.classList.toggle('movable', starts.has(id));
            el.classList.toggle('dest', next.has(id));
            el.classList.toggle('selected', selected.has(id));
            el.setAttribute('tabindex', id === focus_id ? '0' : '-1');
        }
        if (focus_id === null && g_hit.firstElementChild) g_hit.firstElementChild.setAttribute('tabindex', '0');
        opts.on_select?.(picker.prefix.slice(), picker.finishing());
    }

    function premove_pick(id) {
        if (premove) {
            // A click anywhere on a queued premove's board cancels it.
            premove = null;
            opts.on_premove?.(null);
        } else if (premove_from === null) {
            const p = pieces.get(id);
            if (p && p.owner === premove_seat) {
                if (premove_single) { premove = {from: id, to: id}; opts.on_premove?.(premove); }
                else premove_from = id;
            } else {
                note?.say(idle_reason);  // "Not your turn": only a move of one's own may be queued
            }
        } else if (id === premove_from) {
            premove_from = null;
        } else {
            premove = {from: premove_from, to: id};
            premove_from = null;
            opts.on_premove?.(premove);
        }
        draw_marks();
    }

    function activate(id) {
        // The position editor: a click on a cell is all it wants to hear.
        if (opts.on_cell) { opts.on_cell(id); return; }
        if (!enabled && premove_seat !== null) { premove_pick(id); return; }
        const selected = picker.prefix.length ? picker.prefix[picker.prefix.length - 1] : null;
        const r = enabled ? picker.activate(id) : {action: 'none'};
        note?.clear();
        if (r.action === 'none' || (r.action === 'deselect' && id !== selected)) {
            const mover = picker.moves.length ? pieces.get(picker.moves[0].path[0])?.owner ?? null : null;
            note?.say(why_not(id, {enabled, idle_reason, refusals, selected, piece: pieces.get(id), mover}));
        }
        if (r.action === 'move') opts.on_move?.(r.move);
        else if (r.action === 'choose') opts.on_choose?.(r.moves);
        draw_marks();
    }

    // Pointer input: a press and release on the same cell is a click; a press,
    // move and release elsewhere is a drag from the first cell to the second.
    let drag = null;
    root.addEventListener('pointerdown', (ev) => {
        const el = ev.target.closest?.('[data-cell]');
        if (!el || ev.button !== 0) return;
        ev.preventDefault();
        const id = el.getAttribute('data-cell');
        focus_id = id;
        drag = {id, x: ev.clientX, y: ev.clientY, moved: false, ghost: null};
        try { root.setPointerCapture(ev.pointerId); } catch { /* synthetic events */ }
    });
    root.addEventListener('pointermove', (ev) => {
        if (!drag) return;
        if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) > 6) {
            drag.moved = true;
            const piece_el = g_pieces.querySelector(`[data-at="${css_escape(drag.id)}"]`);
            if (piece_el && enabled && picker.starts().has(drag.id)) {
                if (picker.prefix[0] !== drag.id || picker.prefix.length !== 1) { picker.reset(); activate(drag.id); }
                drag.ghost = piece_el;
                piece_el.classList.add('dragging');
            }
        }
        if (drag.ghost) {
            const pt = to_svg(ev.clientX, ev.clientY);
            const [x, y] = pos(drag.id);
            drag.ghost.setAttribute('transform', `translate(${pt.x - x} ${pt.y - y})`);
        }
    });
    root.addEventListener('pointerup', (ev) => {
        const d = drag;
        drag = null;
        if (!d) return;
        if (d.ghost) { d.ghost.removeAttribute('transform'); d.ghost.classList.remove('dragging'); }
        const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest?.('[data-cell]');
        const id = target && root.contains(target) ? target.getAttribute('data-cell') : null;
        if (!d.moved) { activate(d.id); return; }
        if (!enabled && premove_seat !== null && id && id !== d.id && !premove) { premove_pick(d.id); premove_pick(id); return; }
        if (id && id !== d.id) activate(id);
        else draw_marks();
    });
    root.addEventListener('pointercancel', () => { drag = null; draw_pieces(); });

    function to_svg(cx, cy) {
        const pt = root.createSVGPoint();
        pt.x = cx; pt.y = cy;
        return pt.matrixTransform(root.getScreenCTM().inverse());
    }

    // Keyboard: one focusable cell at a time; arrows and the diagonal keys move
    // it (board/keys.js); Enter or Space activates; Escape clears.
    root.addEventListener('keydown', (ev) => {
        const el = ev.target.closest?.('[data-cell]');
        if (!el) return;
        const id = el.getAttribute('data-cell');
        const dir = direction_of(ev.key);
        if (dir) {
            ev.preventDefault();
            const next = nearest(view.cells, pos, id, ...dir);
            if (next) focus_cell(next);
        } else if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault();
            focus_id = id;
            activate(id);
            focus_cell(id);
        } else if (ev.key === 'Escape') {
            picker.reset();
            cancel_premove();
            draw_marks();
        }
    });
    root.addEventListener('focusin', (ev) => {
        const el = ev.target.closest?.('[data-cell]');
        if (el) focus_id = el.getAttribute('data-cell');
    });

    function focus_cell(id) {
        focus_id = id;
        for (const el of g_hit.children) el.setAttribute('tabindex', el.getAttribute('data-cell') === id ? '0' : '-1');
        g_hit.querySelector(`[data-cell="${css_escape(id)}"]`)?.focus();
    }

    function cancel_premove() {
        const had = premove !== null;
        premove = null;
        premove_from = null;
        if (had) opts.on_premove?.(null);
    }

    draw_static();

    return {
        element: root,
        aspect: vw / vh,  // width over height: pages size the board's column with it
        set_pieces(list) {
            pieces = new Map((list || []).map((p) => [p.at, {...p, hp: p.hp ?? p.hit_points ?? 0, count: p.count ?? 0}]));
            draw_pieces();
        },
        // bottom_seat: the seat whose side is drawn nearest the viewer.
        set_orientation(bottom_seat) {
            const f = layout.seat0_top ? bottom_seat === 0 : bottom_seat === 1;
            if (f === flip) return;
            flip = f;
            draw_static();
        },
        set_marks(m) { marks = {last: m.last || [], affected: m.affected || []}; draw_marks(); },
        // Legal moves of the side this viewer plays (empty/disabled otherwise);
        // `why`: {refusals: the board_view's, idle: what a click says while off}.
        set_input(moves, on, why = {}) {
            enabled = !!on;
            picker.set_moves(on ? moves : []);
            refusals = new Map();
            for (const r of why.refusals || []) for (const c of r.cells) refusals.set(c, r.reason);
            idle_reason = why.idle || null;
            draw_marks();
        },
        // A line over the board from the page (a refused typed move, a lesson's word).
        say(text) { note?.say(text); },
        cancel() { picker.reset(); draw_marks(); },
        // Premove picking for `seat` while input is off (null: none); `single`
        // when a move is one click. Turning it off drops what was queued.
        set_premove_input(seat, single) {
            premove_seat = seat;
            premove_single = !!single;
            if (seat === null) { premove = null; premove_from = null; }
            draw_marks();
        },
        premove() { return premove; },
        cancel_premove() { cancel_premove(); draw_marks(); },
        // Finish at the current landing (the "stop here" button).
        finish(move) { picker.reset(); opts.on_move?.(move); draw_marks(); },
    };
}

function css_escape(id) { return window.CSS && CSS.escape ? CSS.escape(id) : id.replace(/"/g, '\\"'); }
