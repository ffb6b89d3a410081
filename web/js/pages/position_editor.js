// The analysis board's position editor: place and remove pieces by clicking
// cells, choose the side to move, then "Done" sends what stands where to the
// server (POST /api/position/compose), which builds the position and checks
// it. Nothing here knows a rule: the pieces a game has come from its catalogue
// entry (`piece_kinds`), the cells from the board the server drew, and every
// refusal is the server's own reason, shown as it is. A small controller (the
// pieces placed, the tool in hand, the side to move) over one view of its
// panel; for heaps (seeds) it shows the running total against the total of
// the position it opened on, so that hitting the count is not trial and error.
import {api} from '../net/http.js';
import {clear, capitalise} from '../ui/dom.js';
import {v, view_root} from '../ui/vdom.js';
import {piece_kinds, colour_names, game_names} from '../catalogue.js';
import {create_board} from '../board/board.js';
import {t} from '../i18n/i18n.js';
import {side_name} from '../catalogue.js';
import {piece_words} from '../board/words.js';

// The tool buttons: for each side each kind (with each hit-point value the
// kind allows), a heap count, and the eraser: [{label, tool, test}].
function tool_list(kinds, sides) {
    const out = [];
    for (const k of kinds) {
        if (k.max_count) { out.push({label: t('editor.put', {what: kind_words(k)}), tool: {kind: k.kind, count: true}, test: k.kind, heap: k}); continue; }
        for (let owner = 0; owner < 2; ++owner) {
            const hps = k.max_hp ? Array.from({length: k.max_hp}, (_, i) => k.max_hp - i) : [0];
            for (const hp of hps) {
                out.push({label: `${capitalise(piece_words(sides[owner], piece_key(kinds, k)))}${hp ? ` ${t('editor.hp', {hp})}` : ''}`, tool: {kind: k.kind, owner, hp},
                    test: `${owner}-${k.kind}${hp ? `-${hp}` : ''}`});
            }
        }
    }
    out.push({label: t('editor.eraser'), tool: {erase: true}, test: 'erase'});
    return out;
}

// The catalogue's key of a kind: a king among men is a draughts king ("dame").
function piece_key(kinds, k) {
    const name = k.name.toLowerCase();
    return name === 'king' && kinds.some((x) => x.name === 'man') ? 'crowned' : name;
}

// A kind of piece in words ("seeds", "pion"): the catalogue's piece.<kind>, else the game's own name for it.
function kind_words(k) {
    const key = `piece.${k.name.toLowerCase()}`, word = t(key);
    return word === key ? k.name : word;
}

function heap_total(pieces, kinds) {
    const heaps = new Set(kinds.filter((k) => k.max_count).map((k) => k.kind));
    let n = 0;
    for (const p of pieces) if (heaps.has(p.kind)) n += p.count || 0;
    return n;
}

function editor_view(st, act) {
    const heap = st.tools.find((tool) => tool.heap)?.heap;
    const placed = heap ? heap_total(st.pieces.values(), st.kinds) : 0;
    return v('div', {class: 'editor', 'data-test': 'editor'},
        v('p', {class: 'muted'}, t('editor.explain')),
        v('div', {class: 'editor-tools', role: 'toolbar', 'aria-label': t('editor.pieces_to_place')},
            heap ? v('label', {}, `${capitalise(kind_words(heap))}${t('editor.colon')} `, v('input', {type: 'number', min: '0', max: String(heap.max_count), class: 'editor-count',
                'data-test': 'editor-count', 'aria-label': t('editor.to_put', {what: kind_words(heap)}), props: {value: st.count}, oninput: (e) => act.count(e.target.value)})) : null,
            st.tools.map((tool) => v('button', {class: 'btn small tool', type: 'button', 'data-tool': tool.test, 'aria-pressed': String(st.tool === tool.tool),
                onclick: () => act.select(tool.tool)}, tool.label))),
        heap ? v('p', {class: `editor-total${placed === st.heap_start ? ' ok' : ''}`, 'data-test': 'editor-total', 'aria-live': 'polite'},
            st.heap_start ? t('editor.on_board_of', {what: capitalise(kind_words(heap)), n: placed, total: st.heap_start})
                : t('editor.on_board', {what: capitalise(kind_words(heap)), n: placed})) : null,
        v('select', {'data-test': 'editor-to-move', 'aria-label': t('editor.side_to_move'), props: {value: String(st.to_move)},
            onchange: (e) => act.to_move(Number(e.target.value))},
        st.sides.map((s, i) => v('option', {value: String(i), props: {selected: i === st.to_move}}, t('editor.to_move', {side: capitalise(side_name(s))})))),
        v('p', {class: 'banner error', 'data-test': 'editor-error', role: 'alert'}, st.error),
        v('div', {class: 'actions'},
            v('button', {class: 'btn', type: 'button', 'data-test': 'editor-done', onclick: act.done}, t('editor.done')),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'editor-cancel', onclick: act.cancel}, t('lobby.cancel')),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'editor-clear', onclick: act.clear}, t('editor.clear'))));
}

// Opens the editor on `pos` (a POST /api/position answer): the board goes in
// `board_host`, the tools in `panel`. on_done(answer) gets the server's answer
// for the accepted position; on_cancel() leaves without a change.
export function open_editor(board_host, panel, game, pos, {on_done, on_cancel, bottom = 0}) {
    const kinds = piece_kinds(game);
    const sides = colour_names[game] || ['first', 'second'];  // not for people: side codes
    const tools = tool_list(kinds, sides);
    const pieces = new Map(pos.board.pieces.map((p) => [p.at, {...p}]));
    // The tool in hand is one of `tools`' objects; the eraser first.
    const st = {kinds, sides, tools, pieces, tool: tools[tools.length - 1].tool, to_move: pos.board.to_move || 0, count: '4', error: '',
        heap_start: heap_total(pieces.values(), kinds)};
    const view = view_root(clear(panel));
    const render = () => view.update(editor_view(st, act));

    const board = create_board(clear(board_host), {...pos.board, moves: []},
        {game, label: t('editor.board_label', {game: game_names[game] || game}), colours: sides, on_cell: place});
    board.set_orientation(bottom);
    const redraw = () => { board.set_pieces([...pieces.values()]); render(); };

    // A heap's owner is the side its cell is tagged with (a pit's row), so the
    // board draws it in that side's colours; the server decides from the cell.
    function owner_of_cell(id) {
        const c = pos.board.cells.find((x) => x.id === id);
        const i = (c?.tags || []).map((tag) => sides.indexOf(tag)).find((x) => x >= 0);
        return i === undefined ? 0 : i;
    }

    function place(id) {
        const tool = st.tool;
        st.error = '';
        if (tool.erase) pieces.delete(id);
        else if (tool.count !== undefined) pieces.set(id, {at: id, owner: owner_of_cell(id), kind: tool.kind, count: Number(st.count) || 0});
        else pieces.set(id, {at: id, owner: tool.owner, kind: tool.kind, hp: tool.hp || 0});
        redraw();
    }

    async function done() {
        const list = [...pieces.values()].map((p) => {
            const out = {at: p.at, owner: p.owner, kind: p.kind};
            if (p.hp) out.hp = p.hp;
            if (kinds.find((k) => k.kind === p.kind)?.max_count) out.count = p.count || 0;
            return out;
        });
        const r = await api('POST', '/api/position/compose', {game, to_move: st.to_move, pieces: list});
        // The server's reason (it sends no code for it yet), else ours.
        if (r.error) { st.error = r.message || t('error.bad_position'); render(); return; }
        on_done(r);
    }

    const act = {
        select: (tool) => { st.tool = tool; render(); }, count: (n) => { st.count = n; },
        to_move: (seat) => { st.to_move = seat; }, done, cancel: () => on_cancel(),
        clear: () => { pieces.clear(); redraw(); },
    };
    redraw();
}
