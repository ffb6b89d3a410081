// #/learn/<game>/<lesson>: a live board on the lesson's position. Each move is
// sent to the server, which plays it through the rules core and says whether
// it meets the step's goal; the opponent's scripted reply follows. A wrong
// move is explained and taken back.
// One controller (lesson_ctrl below: the state and the methods that change
// it) and one view (lesson_view.js, patched in after every change); the board
// is the hand-written SVG of board/, hung on the view's host.
import {view_root} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {position_of, draw_position} from '../ui/diagram.js';
import {learn_data, mark_finished} from './learn_data.js';
import {lesson_view} from './lesson_view.js';
import {t} from '../i18n/i18n.js';

// Owns the lesson's state (`s`) and its board; runs on the page's thread.
class lesson_ctrl {
    constructor(game, lesson_id, redraw_view) {
        this.s = {
            game, lesson_id, lesson: null, missing: false, index: 0, count: 0, next: '',
            step: 0, moves: [], pos: null, aspect: null,
            says: null,          // {kind: 'right'|'wrong'|'done'|'error', text}
            hint: false, choices: null, stop: null,
            player: null,        // the seat the learner plays: drawn at the bottom throughout
        };
        this.redraw_view_ = redraw_view;
        this.board_ = null;
        this.host_ = null;
        this.alive = true;
    }

    // The lessons of the game have loaded (null: no such game).
    loaded(data) {
        const s = this.s, lessons = data ? data.lessons : [];
        s.index = lessons.findIndex((l) => l.id === s.lesson_id);
        if (s.index < 0) { s.missing = true; this.redraw(); return; }
        s.lesson = lessons[s.index];
        s.count = lessons.length;
        s.next = s.index + 1 < lessons.length ? `#/learn/${s.game}/${lessons[s.index + 1].id}` : `#/learn/${s.game}`;
        document.title = `${s.lesson.title} · ${t('learn.learn_game', {game: game_names[s.game] || s.game})} · Kibitz`;
        this.redraw();
        this.show();
    }

    // The view's board host, once made.
    board_host(el) { this.host_ = el; if (this.s.pos) this.draw_board_(); }

    // The position after the moves so far, from the server.
    async show() {
        const s = this.s;
        const pos = await position_of(s.game, s.lesson.position, s.moves);
        if (!this.alive) return;
        if (pos.error) { s.says = {kind: 'error', text: pos.message}; this.redraw(); return; }
        s.pos = pos;
        if (s.player === null) s.player = pos.board.to_move;
        s.choices = null; s.stop = null;
        this.draw_board_();
        if (window.kibitz) window.kibitz.lesson = {moves: pos.board.moves};  // for the browser tests
        this.redraw();
    }

    draw_board_() {
        const s = this.s, pos = s.pos;
        if (!this.host_) return;
        // The move just played (the learner's, or the scripted reply) is marked (draw_position).
        const board = this.board_ = draw_position(this.host_, s.game, pos, {label: `${s.lesson.title} board`,
            on_move: (m) => this.play(m.text),
            on_choose: (ms) => { s.choices = ms; this.redraw(); },
            on_select: (prefix, fin) => { s.stop = prefix.length > 1 && fin.length ? fin : null; this.redraw(); }});
        s.aspect = board.aspect;
        board.set_orientation(s.player);
        board.set_input(pos.board.moves, s.step < s.lesson.steps.length, {refusals: pos.board.refusals, idle: t('lesson.done')});
    }

    // A move: the server says whether it meets the step's goal.
    async play(text) {
        const s = this.s, step = s.lesson.steps[s.step];
        s.choices = null; s.stop = null;
        const goal = step.accept ? {play: step.accept} : {win: true};
        const res = await position_of(s.game, s.lesson.position, [...s.moves, text], goal);
        if (!this.alive) return;
        if (res.error || !res.goal_met) {
            s.says = {kind: 'wrong', text: step.wrong || t('lesson.try_another')};
            this.show();
            return;
        }
        s.moves = [...s.moves, res.moves[res.moves.length - 1], ...(step.reply ? [step.reply] : [])];
        s.step++;
        if (s.step < s.lesson.steps.length) {
            s.says = {kind: 'right', text: step.reply ? t('lesson.right_reply', {move: step.reply}) : t('lesson.right')};
        } else {
            mark_finished(s.game, s.lesson.id);
            s.says = {kind: 'done', text: s.lesson.done || ''};
        }
        this.show();
    }
    finish(m) { this.board_?.finish(m); }
    show_hint() { this.s.hint = true; this.redraw(); }
    again() { Object.assign(this.s, {step: 0, moves: [], says: null}); this.show(); }

    // One redraw for a burst of changes, never inside another (the board
    // tells of its selection while it is being drawn, maybe from the view's hook).
    redraw() {
        if (this.queued_) return;
        this.queued_ = true;
        queueMicrotask(() => { this.queued_ = false; if (this.alive) this.redraw_view_(this); });
    }
}

export function mount(el, game, lesson_id) {
    const root = view_root(el);
    if (window.kibitz) window.kibitz.lesson = null;
    const ctrl = new lesson_ctrl(game, lesson_id, (c) => root.update(lesson_view(c)));
    ctrl.redraw();
    learn_data(game).then((data) => { if (ctrl.alive) ctrl.loaded(data); });
    return () => { ctrl.alive = false; };
}
