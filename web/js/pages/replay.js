// Replay of a finished game: step through it, jump to any move, export, and
// the computer's review. The controller: it owns the record (GET
// /api/games/<id>, boards after every ply from the server's rules core), the
// ply shown and the review's state, and redraws one view (replay_view.js).
// `#/replay/<id>/review` (the finished game's "Computer analysis" link) asks
// for the review at once, unless it is stored already.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {create_board} from '../board/board.js';
import {v, view_root} from '../ui/vdom.js';
import {game_names, colour_names} from '../catalogue.js';
import {replay_view} from './replay_view.js';
import {error_text} from '../i18n/errors.js';
import {t} from '../i18n/i18n.js';

export function mount(el, id, then) {
    const view = view_root(el);
    const st = {id, rec: null, ply: 0, aspect: null, me: socket.user?.name, review: {state: 'loading'}};
    let alive = true, board = null, board_host = null;
    view.update(v('div', {class: 'game replay', 'data-test': 'replay'}, v('p', {class: 'muted'}, t('game.loading'))));

    const act = {
        go: (i) => go(i), first: () => go(0), prev: () => go(st.ply - 1), next: () => go(st.ply + 1), last: () => go(st.rec.moves.length),
        analyse_href: () => `#/analysis/${st.rec.game}?${new URLSearchParams({moves: JSON.stringify(st.rec.moves.slice(0, st.ply))})}`,
        request_review,
        // The view's board host, once made: the board is drawn into it.
        board_host: (el) => { board_host = el; },
    };
    const render = () => { if (alive && st.rec) view.update(replay_view(st, act)); };

    // The arrows step through the game from anywhere on the page, without a
    // click first (not while typing, nor on the board, whose cells use them).
    const on_key = (ev) => {
        if (!st.rec || (ev.target.closest && ev.target.closest('input, select, textarea, [data-cell]'))) return;  // not for people
        if (ev.key === 'ArrowLeft') { ev.preventDefault(); go(st.ply - 1); }
        if (ev.key === 'ArrowRight') { ev.preventDefault(); go(st.ply + 1); }
    };
    document.addEventListener('keydown', on_key);
    const offs = [
        socket.on('review.progress', (d) => { if (d.id === id) { st.review = {state: 'running', done: d.done, total: d.total}; render(); } }),
        socket.on('review.done', (d) => { if (d.id === id) { st.review = {state: 'done', analysis: d.analysis}; render(); } }),
        socket.on('error', (d) => { if (d.re === 'review.request') { st.review = {state: 'none', message: error_text(d)}; render(); } }),
        socket.on('ready', (u) => { st.me = u?.name; render(); }),
    ];

    (async () => {
        const r = await api('GET', `/api/games/${encodeURIComponent(id)}`);
        if (!alive) return;
        if (!r || r.error || !r.start || !r.boards) {
            view.update(v('section', {class: 'card', 'data-test': 'replay'}, v('h1', {}, t('replay.not_available')),
                v('p', {}, r && r.error ? error_text(r) : t('game.no_such_game')),
                v('p', {}, v('a', {href: '#/'}, t('nav.back_to_lobby')))));
            return;
        }
        st.rec = r;
        st.ply = r.moves.length;
        st.review = {state: r.status?.state === 'over' ? 'loading' : 'unavailable'};
        document.title = `${t('title.replay')} · ${game_names[r.game] || r.game} · ${t('game.players_vs', {a: (r.players || [])[0]?.name || '?', b: (r.players || [])[1]?.name || '?'})} · Kibitz`;
        render();  // the board's host (act.board_host) is in the page before the board is drawn into it
        board = create_board(board_host, r.start, {colours: colour_names[r.game], label: t('replay.board_label', {game: game_names[r.game] || r.game})});
        st.aspect = board.aspect;
        // The viewer who played sees the board from their own side.
        const mine = (r.players || []).findIndex((p) => p.name === st.me);
        if (mine >= 0) board.set_orientation(mine);
        go(st.ply);
        if (st.review.state === 'loading') load_review();
    })();

    async function load_review() {
        const a = await api('GET', `/api/games/${encodeURIComponent(id)}/analysis`);
        if (!alive || st.review.state !== 'loading') return;
        if (a && a.analysis) st.review = {state: 'done', analysis: a.analysis};
        else st.review = {state: 'none', message: a && a.error ? (a.message || a.error) : ''};
        render();
        if (then !== 'review') return;
        // Opened for the review ("Computer analysis"): bring it into view, and ask if there is none yet.
        el.querySelector('[data-test="review"]')?.scrollIntoView({block: 'nearest'});
        if (st.review.state === 'none') request_review();
    }

    async function request_review() {
        st.review = {state: 'running'};
        render();
        try { await socket.request('review.request', {id}); } catch (e) { st.review = {state: 'none', message: error_text(e)}; render(); }
    }

    function board_at(i) { return i === 0 ? st.rec.start : st.rec.boards[i - 1]; }

    function go(i) {
        st.ply = Math.max(0, Math.min(st.rec.moves.length, i));
        board.set_pieces(board_at(st.ply).pieces);
        const before = st.ply > 0 ? board_at(st.ply - 1) : null;
        const m = before && (before.moves || []).find((x) => x.text === st.rec.moves[st.ply - 1]);
        board.set_marks(m ? {last: m.path, affected: m.affected || []} : {});
        render();
    }

    return () => { alive = false; document.removeEventListener('keydown', on_key); offs.forEach((f) => f()); };
}
