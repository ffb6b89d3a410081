// The analysis board's position editor: place and remove pieces by clicking
// cells, choose the side to move, then "Done" sends what stands where to the
// server (POST /api/position/compose), which builds the position and checks
// it. Nothing here knows a rule: the pieces a game has come from its catalogue
// entry (`piece_kinds`), the cells from the board the server drew, and every
// refusal is the server's own reason, shown as it is.
import {api} from '../net/http.js';
import {h, clear, capitalise} from '../ui/dom.js';
import {piece_kinds, colour_names} from '../catalogue.js';
import {create_board} from '../board/board.js';

// Opens the editor on `pos` (a POST /api/position answer): the board goes in
// `board_host`, the tools in `panel`. on_done(answer) gets the server's answer
// for the accepted position; on_cancel() leaves without a change.
export function open_editor(board_host, panel, game, pos, {on_done, on_cancel, bottom = 0}) {
    const kinds = piece_kinds(game);
    const sides = colour_names[game] || ['first', 'second'];
    const pieces = new Map(pos.board.pieces.map((p) => [p.at, {...p}]));
    let to_move = pos.board.to_move || 0;
    // The tool in hand: {kind, owner, hp} to place, {kind, count} for heaps, or {erase: true}.
    let tool = {erase: true};

    const board = create_board(clear(board_host), {...pos.board, moves: []},
        {game, label: `${game} position editor`, colours: sides, on_cell: place});
    board.set_orientation(bottom);
    const redraw = () => board.set_pieces([...pieces.values()]);
    redraw();

    // A heap's owner is the side its cell is tagged with (a pit's row), so the
    // board draws it in that side's colours; the server decides from the cell.
    function owner_of_cell(id) {
        const c = pos.board.cells.find((x) => x.id === id);
        const i = (c?.tags || []).map((t) => sides.indexOf(t)).find((x) => x >= 0);
        return i === undefined ? 0 : i;
    }

    function place(id) {
        error_el.textContent = '';
        if (tool.erase) pieces.delete(id);
        else if (tool.count !== undefined) pieces.set(id, {at: id, owner: owner_of_cell(id), kind: tool.kind, count: Number(count_in.value) || 0});
        else pieces.set(id, {at: id, owner: tool.owner, kind: tool.kind, hp: tool.hp || 0});
        redraw();
    }

    // The tool buttons: for each side each kind (with each hit-point value the
    // kind allows), a heap count, and the eraser.
    const tools = h('div', {class: 'editor-tools', role: 'toolbar', 'aria-label': 'pieces to place'});
    const count_in = h('input', {type: 'number', min: '0', value: '4', class: 'editor-count', 'data-test': 'editor-count', 'aria-label': 'seeds to put'});
    function tool_button(label, t, test) {
        const b = h('button', {class: 'btn small tool', type: 'button', 'data-tool': test, 'aria-pressed': 'false',
            onclick: () => select(b, t)}, label);
        return b;
    }
    function select(b, t) {
        tool = t;
        for (const x of tools.querySelectorAll('.tool')) x.setAttribute('aria-pressed', String(x === b));
    }
    for (const k of kinds) {
        if (k.max_count) {
            count_in.max = String(k.max_count);
            tools.append(h('label', {}, `${capitalise(k.name)}: `, count_in), tool_button(`Put ${k.name}`, {kind: k.kind, count: true}, k.kind));
            continue;
        }
        for (let owner = 0; owner < 2; ++owner) {
            const hps = k.max_hp ? Array.from({length: k.max_hp}, (_, i) => k.max_hp - i) : [0];
            for (const hp of hps) {
                const label = `${capitalise(sides[owner])} ${k.name}${hp ? ` (${hp} hp)` : ''}`;
                tools.append(tool_button(label, {kind: k.kind, owner, hp}, `${owner}-${k.kind}${hp ? `-${hp}` : ''}`));
            }
        }
    }
    const eraser = tool_button('Eraser', {erase: true}, 'erase');
    tools.append(eraser);
    select(eraser, {erase: true});

    const side_select = h('select', {'data-test': 'editor-to-move', 'aria-label': 'side to move',
        onchange: () => { to_move = Number(side_select.value); }},
    sides.map((s, i) => h('option', {value: String(i)}, `${capitalise(s)} to move`)));
    side_select.value = String(to_move);
    const error_el = h('p', {class: 'banner error', 'data-test': 'editor-error', role: 'alert'});

    async function done() {
        const list = [...pieces.values()].map((p) => {
            const out = {at: p.at, owner: p.owner, kind: p.kind};
            if (p.hp) out.hp = p.hp;
            if (kinds.find((k) => k.kind === p.kind)?.max_count) out.count = p.count || 0;
            return out;
        });
        const r = await api('POST', '/api/position/compose', {game, to_move, pieces: list});
        if (r.error) { error_el.textContent = r.message || 'the server could not check this position'; return; }
        on_done(r);
    }

    clear(panel).append(h('div', {class: 'editor', 'data-test': 'editor'},
        h('p', {class: 'muted'}, 'Choose a piece (or the eraser), then click the cells.'),
        tools, side_select, error_el,
        h('div', {class: 'actions'},
            h('button', {class: 'btn', type: 'button', 'data-test': 'editor-done', onclick: done}, 'Done'),
            h('button', {class: 'btn small', type: 'button', 'data-test': 'editor-cancel', onclick: () => on_cancel()}, 'Cancel'),
            h('button', {class: 'btn small', type: 'button', 'data-test': 'editor-clear',
                onclick: () => { pieces.clear(); redraw(); }}, 'Clear board'))));
}
