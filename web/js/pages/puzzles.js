// #/puzzles: every game with its puzzle of the day; #/puzzles/<game>[/<id>]:
// solve puzzles; #/puzzles/<game>/streak: streak mode (puzzles of rising
// difficulty until the first mistake, unrated; the server keeps the count). The server picks the next puzzle (near the solver's rating,
// one not tried yet), checks each move against the puzzle's line and plays
// the opponent's replies; the board, as everywhere, only offers the legal
// moves the server sent, and knows no rule.
// One controller (puzzle_ctrl below: the state and the intents that change
// it) and one view (puzzles_view.js, patched in after every change); the
// board is the hand-written SVG of board/, hung on the view's host.
import {socket} from '../net/socket.js';
import {view_root} from '../ui/vdom.js';
import {game_ids, game_names} from '../catalogue.js';
import {draw_position} from '../ui/diagram.js';
import {puzzle_view, puzzles_index_view} from './puzzles_view.js';
import {t} from '../i18n/i18n.js';

// Owns one game's puzzle state (`s`) and the board; runs on the page's thread.
class puzzle_ctrl {
    constructor(game, redraw_view, streak_mode = false, theme = '') {
        this.s = {
            game, puzzle: null, pos: null, aspect: null,
            theme,  // only puzzles of this theme (a rules page's link), or ''
            streak_mode, streak: null,  // streak: {count, best, over} as the server last told
            says: null,      // {kind: 'right'|'solved'|'wrong'|'error', text}
            over: false, solution: null, ratings: null, choices: null, stop: null,
            played: 0,       // moves of the line played so far (the solver's and the replies)
        };
        this.redraw_view_ = redraw_view;
        this.host_ = null;
        this.board_ = null;
        this.alive = true;
    }

    // -- the server's answers --
    shown(d) {
        if (d.game !== this.s.game) return;
        if (this.s.streak_mode !== Boolean(d.streak)) return;  // the other mode's answer
        // The move that led here stays marked until the solver's first move.
        Object.assign(this.s, {puzzle: d, pos: {board: d.board, last: d.last || null}, says: null, over: false,
            solution: null, ratings: null, choices: null, stop: null, played: 0, streak: d.streak || null});
        document.title = `${t('title.puzzle')} · ${game_names[d.game] || d.game} · Kibitz`;
        this.draw_board_();
        this.redraw();
    }
    result(d) {
        const s = this.s;
        if (!s.puzzle || d.id !== s.puzzle.id) return;
        // A wrong move is not played: the board, and its mark, stay as they were.
        s.pos = {board: d.board, last: d.verdict === 'wrong' ? s.pos.last : d.last};
        s.over = d.verdict !== 'right';
        if (d.verdict !== 'wrong') s.played += 1 + d.replies.length;
        if (d.ratings) s.ratings = d.ratings;
        if (d.streak) s.streak = d.streak;
        const replies = d.replies.length ? ` ${t('puzzle.opponent_answers', {moves: d.replies.join(', ')})}` : '';
        s.says = d.verdict === 'wrong' ? {kind: 'wrong', text: t('puzzle.wrong', {move: d.move, expected: d.expected})}
            : d.verdict === 'solved' ? {kind: 'solved', text: t('puzzle.solved', {move: d.move})}
                : {kind: 'right', text: `${t('puzzle.right', {move: d.move})}${replies} ${t('puzzle.go_on')}`};
        this.draw_board_();
        this.redraw();
    }
    solved_line(d) {
        const s = this.s;
        if (!s.puzzle || d.id !== s.puzzle.id) return;
        s.solution = d.moves;
        if (!s.over) s.says = {kind: 'shown', text: t('puzzle.solution_shown')};
        if (d.ratings) s.ratings = d.ratings;
        if (d.streak) s.streak = d.streak;
        s.over = true;
        this.draw_board_();
        this.redraw();
    }
    refused(d) {
        if (!String(d.re || '').startsWith('puzzle.')) return;
        this.s.says = {kind: 'error', text: d.message};
        this.redraw();
    }

    // -- the solver's intents --
    next() {
        const s = this.s;
        if (s.streak_mode) socket.send('puzzle.streak', {game: s.game});
        else socket.send('puzzle.next', s.theme ? {game: s.game, theme: s.theme} : {game: s.game});
    }
    open(id) { socket.send('puzzle.open', {id}); }
    play(text) {
        const s = this.s;
        s.choices = null; s.stop = null;
        socket.request('puzzle.move', {id: s.puzzle.id, move: text}).catch((e) => this.refused({re: 'puzzle.move', message: e.message}));
    }
    show_solution() { socket.send('puzzle.solution', {id: this.s.puzzle.id}); }
    finish(m) { this.board_?.finish(m); }
    board_host(el) { this.host_ = el; this.draw_board_(); }

    draw_board_() {
        const s = this.s;
        if (!this.host_ || !s.pos) return;
        const board = this.board_ = draw_position(this.host_, s.game, s.pos, {label: t('puzzle.board_label', {game: game_names[s.game] || s.game}),
            on_move: (m) => this.play(m.text),
            on_choose: (ms) => { s.choices = ms; this.redraw(); },
            on_select: (prefix, fin) => { s.stop = prefix.length > 1 && fin.length ? fin : null; this.redraw(); }});
        s.aspect = board.aspect;
        board.set_orientation(s.puzzle.side);
        board.set_input(s.pos.board.moves, !s.over, {refusals: s.pos.board.refusals, idle: t('puzzle.over')});
        // For the browser tests: the puzzle, its legal moves now, how far into its line.
        if (window.kibitz) window.kibitz.puzzle = {id: s.puzzle.id, moves: s.pos.board.moves, played: s.played, streak: s.streak};
    }

    // One redraw for a burst of changes, never inside another (the board
    // tells of its selection while it is being drawn).
    redraw() {
        if (this.queued_) return;
        this.queued_ = true;
        queueMicrotask(() => { this.queued_ = false; if (this.alive) this.redraw_view_(this); });
    }
}

export function mount(el, game, id) {
    const root = view_root(el);
    if (!game) return mount_index(root);
    if (window.kibitz) window.kibitz.puzzle = null;
    const streak = id === 'streak';
    if (streak) id = null;
    // #/puzzles/<game>?theme=<theme>: a rules page's link to one theme's puzzles.
    const theme = new URLSearchParams(location.hash.split('?')[1] || '').get('theme') || '';
    const ctrl = new puzzle_ctrl(game, (c) => root.update(puzzle_view(c)), streak, theme);
    if (!game_names[game]) { ctrl.s.says = {kind: 'error', text: t('error.unknown_game')}; ctrl.redraw(); return null; }
    const offs = [
        // Reconnected: the same puzzle again (a streak's: the server gives it back).
        socket.on('ready', () => (streak ? ctrl.next() : id && !ctrl.s.puzzle ? ctrl.open(id)
            : ctrl.s.puzzle ? ctrl.open(ctrl.s.puzzle.id) : ctrl.next())),
        socket.on('puzzle', (d) => ctrl.shown(d)),
        socket.on('puzzle.result', (d) => ctrl.result(d)),
        socket.on('puzzle.solution', (d) => ctrl.solved_line(d)),
        socket.on('error', (d) => ctrl.refused(d)),
    ];
    ctrl.redraw();
    return () => { ctrl.alive = false; offs.forEach((off) => off()); };
}

// #/puzzles: each game, its puzzle of the day (GET /api/puzzle/daily/<game>).
function mount_index(root) {
    document.title = `${t('title.puzzles')} · Kibitz`;
    const s = {daily: {}};
    let alive = true;
    const render = () => { if (alive) root.update(puzzles_index_view(s)); };
    for (const g of game_ids) {
        fetch(`/api/puzzle/daily/${encodeURIComponent(g)}`).then((r) => (r.ok ? r.json() : null))
            .then((p) => { if (p) { s.daily = {...s.daily, [g]: p}; render(); } }).catch(() => {});
    }
    render();
    return () => { alive = false; };
}
