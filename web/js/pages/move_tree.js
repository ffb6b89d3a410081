// The analysis board's move tree and the words for an engine score, as pure
// functions: the tree is drawn from its root (the main line, each variation in
// brackets after the move it replaces, so the main line's continuation stays
// in view), with move numbers as text beside the moves, never list markers.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {t, locale} from '../i18n/i18n.js';

// The language's decimal sign ("0,3" in French).
const decimal_sign = () => new Intl.NumberFormat(locale()).formatToParts(1.5).find((p) => p.type === 'decimal')?.value || '.';

// A tree node: one move; its first child continues the main line.
export function node(move, parent) { return {move, parent, children: []}; }
export function line_to(n) { const out = []; for (; n && n.parent; n = n.parent) out.unshift(n.move); return out; }
export function depth_of(n) { let d = 0; for (; n && n.parent; n = n.parent) ++d; return d; }

// The number a move is written with: the first side's moves "3.", the
// second side's "3…" (shown where the line would otherwise be unclear).
// `first_seat`: the seat to move at the tree's root.
export function move_number(ply, first_seat) {
    const n = Math.floor((ply + first_seat) / 2) + 1;
    return (ply + first_seat) % 2 === 0 ? `${n}.` : `${n}…`;
}

// The whole tree as inline text: `current` is highlighted, `go(n)` jumps.
export function tree_view(root, current, first_seat, go) {
    return v('div', {class: 'tree', 'data-test': 'tree', role: 'group', 'aria-label': t('game.moves')},
        root.children.length ? line(root.children[0], 0, first_seat, current, go, true)
            : v('span', {class: 'muted'}, t('analysis.no_moves')));
}

// Tokens with a space between them, so the text reads (and copies) as written.
function spaced(tokens) { return tokens.flatMap((token, i) => (i ? [' ', token] : [token])); }

function line(n, ply, first_seat, current, go, main) {
    const out = [];
    let numbered = false;
    for (; n; n = n.children[0], ++ply) {
        const number = move_number(ply, first_seat);
        if (number.endsWith('.') || !numbered) out.push(v('span', {class: 'num'}, number));
        numbered = true;
        out.push(v('button', {class: `move${n === current ? ' current' : ''}${main ? '' : ' alt'}`, type: 'button',
            'data-move': n.move, 'aria-current': n === current ? 'step' : null, onclick: () => go(n)}, n.move));
        const siblings = n.parent.children;
        if (siblings[0] === n && siblings.length > 1) {
            for (const alt of siblings.slice(1)) {
                out.push(v('span', {class: 'variation'}, '(', line(alt, ply, first_seat, current, go, false), ')'));
            }
            numbered = false;  // after a variation the main line says its number again
        }
    }
    return spaced(out);
}

// "+0.3 Black slightly better": the score (hundredths of a unit, from seat
// 0's side) in the words of the side it favours; a forced end or an endgame
// table's result said as such.
export function eval_words(score, side_name) {
    const side = (seat) => capitalise(side_name(seat));
    if (score.end_in !== undefined) return t('analysis.wins_in', {side: side(score.winner), count: Math.ceil(score.end_in / 2)});
    // The endgame table knows the result with perfect play, not its distance.
    const table = score.table;
    if (table) return table.winner === null ? t('analysis.table_draw')
        : t('analysis.table_wins', {side: side(table.winner), lead: Math.abs(table.lead)});
    const cp = score.cp, units = (Math.abs(cp) / 100).toFixed(1).replace('.', decimal_sign());
    if (Math.abs(cp) < 20) return t('analysis.about_equal', {units});
    const how = Math.abs(cp) < 60 ? 'slightly_better' : Math.abs(cp) < 150 ? 'better' : Math.abs(cp) < 400 ? 'much_better' : 'winning';
    return t(`analysis.${how}`, {units, side: side(cp > 0 ? 0 : 1)});
}
