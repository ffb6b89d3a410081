// Replay of a finished game: step through it, jump to any move, export. The
// record comes from GET /api/games/<id> (boards after every ply, from the
// server's rules core).
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {create_board} from '../board/board.js';
import {h, clear, tc_text, capitalise} from '../ui/dom.js';
import {game_names, colour_names} from '../catalogue.js';
import {move_list} from './game_view.js';
import {view_root} from '../ui/vdom.js';
import {icon} from '../ui/icons.js';
import {review_panel} from './review_panel.js';

// `#/replay/<id>/review` (the finished game's "Computer analysis" link) asks
// for the computer's review at once, unless it is stored already.
export function mount(el, id, then) {
    const root = h('div', {class: 'game replay', 'data-test': 'replay'});
    el.append(root, );
    root.append(h('p', {class: 'muted'}, 'Loading the game…'));
    let alive = true, ply = 0, rec = null, board = null, review = null;

    (async () => {
        const r = await api('GET', `/api/games/${encodeURIComponent(id)}`);
        if (!alive) return;
        if (r && !r.error && r.start && r.boards) rec = r;
        if (!rec) {
            clear(root).append(h('section', {class: 'card'}, h('h2', {}, 'Replay not available'),
                h('p', {}, `The server says: ${(r && (r.message || r.error)) || 'no such game'}.`),
                h('p', {}, h('a', {href: '#/'}, 'Back to the lobby'))));
            return;
        }
        build();
    })();

    const board_host = h('div', {class: 'board-wrap'});
    const counter = h('span', {class: 'counter', 'data-test': 'replay-ply'});
    const moves_host = h('div', {class: 'moves-wrap'});
    const moves_view = view_root(moves_host);

    function board_at(i) { return i === 0 ? rec.start : rec.boards[i - 1]; }

    function build() {
        const names = (rec.players || []).map((p) => `${p.name} (${p.color})`).join(' vs ');
        document.title = `Replay · ${game_names[rec.game] || rec.game} · ${(rec.players || []).map((p) => p.name).join(' vs ')} · Kibitz`;
        const status = rec.status || {};
        const result = status.state === 'over' ? (status.winner >= 0 ? `${capitalise(((rec.players || [])[status.winner] || {}).color || `seat ${status.winner}`)} wins` : 'Draw') + (status.reason ? ` — ${status.reason}` : '')
            : status.state === 'aborted' ? 'Aborted' : 'Unfinished';
        const nav = h('div', {class: 'replay-nav', role: 'toolbar', 'aria-label': 'replay controls'},
            h('button', {class: 'btn', 'data-step': 'first', 'aria-label': 'first position', onclick: () => go(0)}, icon('first')),
            h('button', {class: 'btn', 'data-step': 'prev', 'aria-label': 'previous move', onclick: () => go(ply - 1)}, icon('prev')),
            counter,
            h('button', {class: 'btn', 'data-step': 'next', 'aria-label': 'next move', onclick: () => go(ply + 1)}, icon('next')),
            h('button', {class: 'btn', 'data-step': 'last', 'aria-label': 'last position', onclick: () => go(rec.moves.length)}, icon('last')));
        const export_link = h('a', {class: 'btn small', href: `/api/games/${encodeURIComponent(id)}/export`, download: ''}, 'Export');
        clear(root).append(
            h('div', {class: 'board-col'}, board_host, nav),
            h('aside', {class: 'side'}, h('h1', {class: 'game-title'}, `${game_names[rec.game] || rec.game} · ${tc_text(rec.tc)}`),
                h('p', {}, names), h('p', {class: 'banner', 'data-test': 'result'}, result), rematch_link(), moves_host, export_link,
                h('a', {class: 'btn small', 'data-test': 'analyse', href: `#/analysis/${rec.game}?${new URLSearchParams({moves: JSON.stringify(rec.moves.slice(0, ply))})}`,
                    onclick: (e) => { e.currentTarget.href = `#/analysis/${rec.game}?${new URLSearchParams({moves: JSON.stringify(rec.moves.slice(0, ply))})}`; }}, 'Analyse from here'),
                (review = review_panel(id, rec, go, {request: then === 'review'})).element));
        board = create_board(board_host, rec.start, {colours: colour_names[rec.game],
            label: `${game_names[rec.game] || rec.game} board, replay`});
        board_host.parentElement.style.setProperty('--board-aspect', String(board.aspect));
        root.addEventListener('keydown', (ev) => {
            if (ev.key === 'ArrowLeft' && !ev.target.closest('[data-cell]')) go(ply - 1);
            if (ev.key === 'ArrowRight' && !ev.target.closest('[data-cell]')) go(ply + 1);
        });
        go(rec.moves.length);
    }

    // The rematch this game led to (kept with the game: the link works after
    // its room has closed). Its players go back to playing; anyone else watches.
    function rematch_link() {
        if (!rec.rematch) return null;
        const me = socket.user && socket.user.name;
        const played = (rec.players || []).some((p) => p.name === me);
        return h('p', {class: 'links'}, h('a', {class: `btn${played ? ' primary' : ''}`, 'data-test': 'go-rematch',
            href: `#/game/${encodeURIComponent(rec.rematch)}`}, played ? 'Go to the rematch' : 'Watch the rematch'));
    }

    function go(i) {
        ply = Math.max(0, Math.min(rec.moves.length, i));
        const b = board_at(ply);
        board.set_pieces(b.pieces);
        const before = ply > 0 ? board_at(ply - 1) : null;
        const m = before && (before.moves || []).find((x) => x.text === rec.moves[ply - 1]);
        board.set_marks(m ? {last: m.path, affected: m.affected || []} : {});
        counter.textContent = `${ply} / ${rec.moves.length}`;
        root.dataset.ply = String(ply);
        moves_view.update(move_list(rec.moves, ply - 1, go));
    }

    return () => { alive = false; review?.unmount(); };
}
