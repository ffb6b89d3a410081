// The board's one-line answer when a click cannot start or finish a move
// ("A capture is compulsory: 22 must jump", "That pit is empty", "Not your
// turn"): shown over the board's top edge, read out politely, and gone after
// a few seconds or at the next click. The reasons are the server's
// (board_view.refusals) or the page's; the board only shows them.
import {h} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';
import {refusal_text} from '../i18n/refusals.js';

const shown_ms = 4000;

export function board_note(host) {
    host.classList.add('has-board-note');
    const el = h('p', {class: 'board-note', role: 'status', 'aria-live': 'polite', 'data-test': 'board-note', hidden: true});
    host.append(el);
    let timer = 0;
    return {
        say(text) {
            clearTimeout(timer);
            el.textContent = text || '';
            el.hidden = !text;
            if (text) timer = setTimeout(() => { el.hidden = true; }, shown_ms);
        },
        clear() { clearTimeout(timer); el.hidden = true; },
    };
}

// Why a click on `cell` did nothing, in one line, or null when it needs no
// answer. `refusals`: the server's map cell -> reason, where a rule explains
// it (a compulsory capture, an empty pit); `selected`: the cell picked
// before, if any; `piece`: what stands on `cell`; `mover`: the seat to move.
// Without the server's words, what the legal moves show is said plainly.
export function why_not(cell, {enabled, idle_reason, refusals, selected, piece, mover}) {
    if (!enabled) return idle_reason || null;
    if (refusals.has(cell)) return refusal_text(refusals.get(cell));
    if (selected) return t('refusal.cannot_go', {from: selected, to: cell});
    if (!piece || mover === null || piece.owner < 0) return null;
    return piece.owner === mover ? t('refusal.no_legal_move') : t('refusal.opponents');
}
