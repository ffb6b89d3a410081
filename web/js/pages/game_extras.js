// Parts of the game page beyond the main path: takeback requests (casual
// games), the rating change after a rated game, the premove of a timed
// game, the conditional premove line of a correspondence game and its link to
// the analysis board. Pure functions; views are virtual DOM (ui/vdom.js) like game_panels.js's.
import {v} from '../ui/vdom.js';
import {t} from '../i18n/i18n.js';

// Takebacks: ask, or answer the opponent's request; `declined`: the
// opponent said no to ours (shown until the next move).
export function takeback_view(st, seat, act, declined) {
    if (st.rated || st.status.state !== 'playing') return null;
    const asking = st.offers ? st.offers.takeback ?? -1 : -1;
    const btn = (label, type, cls = '') => v('button', {key: type, type: 'button', class: `btn small ${cls}`, 'data-action': type,
        onclick: () => act(type)}, label);
    let items = [];
    if (asking === 1 - seat) {
        items = [v('span', {key: 'tb-received', class: 'offer', 'data-test': 'takeback-received'}, t('game.takeback_received')),
            btn(t('game.accept'), 'takeback.accept', 'primary'), btn(t('game.decline'), 'takeback.decline')];
    } else if (asking === seat) {
        items = [v('span', {key: 'tb-sent', class: 'muted', 'data-test': 'takeback-sent'}, t('game.takeback_sent'))];
    } else if ((st.players || []).length && mine_to_take_back(st, seat)) {
        items = [btn(t('game.takeback_ask'), 'takeback.offer'),
            declined ? v('span', {key: 'tb-declined', class: 'muted', 'data-test': 'takeback-declined'}, ` ${t('game.takeback_declined')}`) : null];
    }
    return v('div', {class: 'controls takeback', 'data-test': 'takeback'}, items);
}

// Whether the seat has a move of its own to take back: it has moved if the
// other side is to move, or if at least two plies were played.
function mine_to_take_back(st, seat) {
    const n = (st.moves || []).length;
    if (n === 0) return false;
    return st.board.to_move !== seat || n >= 2;
}

// After a rated game: "+12" / "−9" next to each player's rating.
export function rating_diff_view(st, seat) {
    const r = (st.ratings || []).find((x) => x.seat === seat);
    if (!r) return null;
    const text = r.diff >= 0 ? `+${r.diff}` : `−${-r.diff}`;
    return v('span', {class: `rating-diff ${r.diff >= 0 ? 'up' : 'down'}`, 'data-test': 'rating-diff', 'data-seat': seat,
        title: `${r.before} → ${r.after}${r.provisional ? ` ${t('game.provisional')}` : ''}`}, text);
}

// The premove of a timed game is one queued move, kept as the cells it starts
// and ends on (the page knows no rules, so nothing is checked until the turn
// comes); played the moment the turn comes if exactly that move is legal
// then, else dropped. The server checks it like any move.
// The legal move `queued` ({from, to}) stands for among `moves`, or null.
export function premove_match(queued, moves) {
    if (!queued) return null;
    const hits = (moves || []).filter((m) => m.path.length && m.path[0] === queued.from && m.path[m.path.length - 1] === queued.to);
    return hits.length === 1 ? hits[0] : null;
}

// Whether a move is one click in this game (a pit, a cell): the premove is then one cell.
export function single_click(moves) { return (moves || []).some((m) => m.path.length === 1); }

// Correspondence: "if they play X, I play Y, …" while the opponent is to
// move, as one line of moves typed in notation (checked by the server), and
// the line now waiting with a button to clear it.
export function premove_line_view(st, seat, set_line) {
    if (!st.tc || st.tc.days === undefined || st.status.state !== 'playing' || st.board.to_move === seat) return null;
    const line = st.premove || [];
    const pairs = [];
    for (let i = 0; i + 1 < line.length; i += 2) pairs.push(t('premove.if_then', {theirs: line[i], yours: line[i + 1]}));
    return v('div', {class: 'premove-line', 'data-test': 'premove-line'},
        v('p', {class: 'muted'}, line.length ? t('premove.waiting', {line: pairs.join('; ')}) : t('premove.explain')),
        v('form', {class: 'notation', onsubmit: (ev) => {
            ev.preventDefault();
            const input = ev.currentTarget.elements.line;
            if (input.value.trim()) set_line(input.value, () => { input.value = ''; });
        }},
        v('input', {type: 'text', name: 'line', autocomplete: 'off', 'aria-label': t('premove.input'), 'data-test': 'premove-input',
            placeholder: t('premove.placeholder')}),
        v('button', {class: 'btn small', type: 'submit'}, t('premove.set')),
        line.length ? v('button', {class: 'btn small', type: 'button', 'data-action': 'premove-clear', onclick: () => set_line('')}, t('premove.clear')) : null));
}

// A correspondence game in progress may be analysed while waiting (the
// server refuses the engine to a live game's players only): a link to the
// analysis board on the game's position, for its players and spectators,
// the board turned as on the game page (`bottom`: the seat shown below).
export function analyse_view(st, bottom) {
    if (!st.tc || st.tc.days === undefined || st.status.state !== 'playing') return null;
    const q = new URLSearchParams();
    if (st.start_position) q.set('position', st.start_position);
    q.set('moves', JSON.stringify(st.moves || []));
    if (bottom === 1) q.set('bottom', '1');
    return v('p', {class: 'analyse muted', 'data-test': 'analyse'}, `${t('game.analysis_allowed')} `,
        v('a', {class: 'btn small', href: `#/analysis/${st.game}?${q}`, 'data-test': 'analyse-link'}, t('game.analyse')));
}
