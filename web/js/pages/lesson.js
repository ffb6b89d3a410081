// #/learn/<game>/<lesson>: a live board on the lesson's position. Each move is
// sent to the server, which plays it through the rules core and says whether
// it meets the step's goal; the opponent's scripted reply follows. A wrong
// move is explained and taken back.
//
// One controller (the state below and the functions that change it) and one
// view (lesson_view, patched on every change); the board is the hand-written
// SVG of board/, kept in its own host beside the view.
import {h} from '../ui/dom.js';
import {v, view_root} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {position_of, draw_position} from '../ui/diagram.js';
import {pick_view} from '../ui/pick_view.js';
import {learn_data, mark_finished} from './learn_data.js';

export function mount(el, game, lesson_id) {
    const root = h('article', {class: 'card lesson', 'data-test': 'lesson'});
    el.append(root);
    if (window.kibitz) window.kibitz.lesson = null;
    let alive = true;
    learn_data(game).then((data) => {
        const lessons = data ? data.lessons : [];
        const index = lessons.findIndex((l) => l.id === lesson_id);
        if (!alive) return;
        if (index < 0) { root.append(h('h1', {}, 'No such lesson'), h('a', {href: `#/learn/${game}`}, 'The lessons')); return; }
        run(root, game, lessons, index);
    });
    return () => { alive = false; };
}

function run(root, game, lessons, index) {
    const lesson = lessons[index];
    document.title = `${lesson.title} · Learn ${game_names[game] || game} · Kibitz`;
    const state = {
        step: 0, moves: [], pos: null,
        says: null,          // {kind: 'right'|'wrong'|'done'|'error', text}
        hint: false, choices: null, stop: null,
        player: null,        // the seat the learner plays: drawn at the bottom throughout
    };
    let board = null;
    const play = h('div', {class: 'lesson-play'});
    const board_host = h('div', {class: 'board-host'});
    const side_host = h('div', {class: 'lesson-side'});
    play.append(board_host, side_host);
    root.append(play);
    const side = view_root(side_host);
    const next = index + 1 < lessons.length ? `#/learn/${game}/${lessons[index + 1].id}` : `#/learn/${game}`;

    function draw() {
        side.update(lesson_view(game, lesson, index, lessons.length, state, next, actions));
        if (!state.pos) return;  // the board comes first: tests wait on the step, then read its moves
        root.dataset.step = String(state.step);
        if (state.says && state.says.kind !== 'error') root.dataset.result = state.says.kind === 'wrong' ? 'wrong' : 'right';
        else delete root.dataset.result;
        if (state.step >= lesson.steps.length) root.dataset.done = 'true';
    }

    async function show() {
        const pos = await position_of(game, lesson.position, state.moves);
        if (pos.error) { state.says = {kind: 'error', text: pos.message}; draw(); return; }
        state.pos = pos;
        if (state.player === null) state.player = pos.board.to_move;
        state.choices = null; state.stop = null;
        // The move just played (the learner's, or the scripted reply) is marked (draw_position).
        board = draw_position(board_host, game, pos, {label: `${lesson.title} board`, on_move: (m) => attempt(m.text),
            on_choose: (ms) => { state.choices = ms; draw(); },
            on_select: (prefix, fin) => { state.stop = prefix.length > 1 && fin.length ? fin : null; draw(); }});
        board_host.style.setProperty('--board-aspect', String(board.aspect));
        board.set_orientation(state.player);
        board.set_input(pos.board.moves, state.step < lesson.steps.length, {refusals: pos.board.refusals, idle: 'This lesson is done'});
        if (window.kibitz) window.kibitz.lesson = {moves: pos.board.moves};  // for the browser tests
        draw();
    }

    async function attempt(text) {
        state.choices = null; state.stop = null;
        const s = lesson.steps[state.step];
        const goal = s.accept ? {play: s.accept} : {win: true};
        const res = await position_of(game, lesson.position, [...state.moves, text], goal);
        if (res.error || !res.goal_met) {
            state.says = {kind: 'wrong', text: s.wrong || 'try another move.'};
            return show();
        }
        state.moves.push(res.moves[res.moves.length - 1]);
        if (s.reply) state.moves.push(s.reply);
        state.step++;
        if (state.step < lesson.steps.length) {
            state.says = {kind: 'right', text: s.reply ? `Right. Your opponent answers ${s.reply}.` : 'Right. Go on.'};
            return show();
        }
        mark_finished(game, lesson.id);
        state.says = {kind: 'done', text: lesson.done || ''};
        return show();
    }

    const actions = {
        play: attempt,
        finish: (m) => board && board.finish(m),
        hint() { state.hint = true; draw(); },
        again() { state.step = 0; state.moves = []; state.says = null; delete root.dataset.done; show(); },
    };
    draw();
    show();
}

// Everything beside the board: where the lesson sits, its goal, what the
// last move earned, the picker, the hint and the buttons. On a phone this
// column comes above the board (main.css), so the answer to a move is seen.
function lesson_view(game, lesson, index, count, state, next, act) {
    const says = state.says;
    const last = index + 1 >= count;
    return v('div', {class: 'lesson-text'},
        v('p', {class: 'crumbs'}, v('a', {href: `#/learn/${game}`}, `Learn ${game_names[game] || game}`), ` · lesson ${index + 1} of ${count}`),
        v('h1', {}, lesson.title),
        lesson.intro ? v('p', {class: 'intro'}, lesson.intro) : null,
        v('p', {class: 'goal', 'data-test': 'lesson-goal'}, v('strong', {}, 'Goal: '), lesson.goal),
        v('p', {class: `lesson-says${says ? ` says-${says.kind}` : ''}`, role: 'status', 'aria-live': 'polite', 'data-test': 'lesson-says'},
            !says ? null
                : says.kind === 'wrong' ? `Not quite: ${says.text}`
                    : says.kind === 'done' ? [v('strong', {}, 'Well done! '), says.text, ' ',
                        v('a', {href: next, class: 'btn small primary', 'data-test': 'next-lesson'}, last ? 'All lessons' : 'Next lesson')]
                        : says.text),
        pick_view(state.choices, state.stop, act.play, act.finish),
        v('p', {class: 'muted hint', hidden: !state.hint, 'data-test': 'lesson-hint'}, lesson.hint || ''),
        v('p', {class: 'lesson-buttons'},
            v('button', {class: 'btn small', type: 'button', onclick: act.hint}, 'Hint'),
            v('button', {class: 'btn small', type: 'button', onclick: act.again}, 'Start again')));
}
