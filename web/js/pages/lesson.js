// #/learn/<game>/<lesson>: a live board on the lesson's position. Each move is
// sent to the server, which plays it through the rules core and says whether
// it meets the step's goal; the opponent's scripted reply follows. A wrong
// move is explained and taken back.
import {h, clear} from '../ui/dom.js';
import {game_names} from '../catalogue.js';
import {position_of, draw_position} from '../ui/diagram.js';
import {show_choices, show_stop} from '../ui/move_choice.js';
import {learn_data, mark_finished} from './learn_data.js';

export function mount(el, game, lesson_id) {
    const root = h('article', {class: 'card lesson', 'data-test': 'lesson'});
    el.append(root);
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
    let step = 0, moves = [], board = null;
    const board_host = h('div', {class: 'board-host'});
    const pick = h('div', {class: 'pick'});
    const says = h('p', {class: 'lesson-says', role: 'status', 'aria-live': 'polite', 'data-test': 'lesson-says'});
    const hint = h('p', {class: 'muted', hidden: true}, lesson.hint || '');
    const next = index + 1 < lessons.length ? `#/learn/${game}/${lessons[index + 1].id}` : `#/learn/${game}`;
    root.append(h('p', {}, h('a', {href: `#/learn/${game}`}, `Learn ${game_names[game] || game}`), ` · lesson ${index + 1} of ${lessons.length}`),
        h('h1', {}, lesson.title), lesson.intro ? h('p', {}, lesson.intro) : null,
        h('p', {class: 'goal', 'data-test': 'lesson-goal'}, h('strong', {}, 'Goal: '), lesson.goal),
        h('div', {class: 'lesson-play'}, board_host,
            h('div', {class: 'lesson-side'}, says, pick, hint,
                h('button', {class: 'btn small', onclick: () => { hint.hidden = false; }}, 'Hint'),
                h('button', {class: 'btn small', onclick: () => { step = 0; moves = []; says.textContent = ''; show(); }}, 'Start again'))));

    async function show() {
        const pos = await position_of(game, lesson.position, moves);
        if (pos.error) { says.textContent = pos.message; return; }
        board = draw_position(board_host, game, pos, {label: `${lesson.title} board`, on_move: (m) => attempt(m.text),
            on_choose: (ms) => show_choices(pick, ms, attempt), on_select: (prefix, fin) => show_stop(pick, prefix, fin, () => board)});
        board.set_orientation(pos.board.to_move);
        board.set_input(pos.board.moves, step < lesson.steps.length);
        root.dataset.step = String(step);
        if (window.kibitz) window.kibitz.lesson = {moves: pos.board.moves};  // for the browser tests
    }
    async function attempt(text) {
        clear(pick);
        const s = lesson.steps[step];
        const goal = s.accept ? {play: s.accept} : {win: true};
        const res = await position_of(game, lesson.position, [...moves, text], goal);
        if (res.error || !res.goal_met) {
            says.textContent = `Not quite: ${s.wrong || 'try another move.'}`;
            root.dataset.result = 'wrong';
            return show();
        }
        moves.push(res.moves[res.moves.length - 1]);
        if (s.reply) moves.push(s.reply);
        step++;
        root.dataset.result = 'right';
        if (step < lesson.steps.length) {
            says.textContent = s.reply ? `Right. Your opponent answers ${s.reply}.` : 'Right. Go on.';
            return show();
        }
        mark_finished(game, lesson.id);
        root.dataset.done = 'true';
        clear(says).append(h('strong', {}, 'Well done! '), lesson.done || '', ' ',
            h('a', {href: next, class: 'btn small primary', 'data-test': 'next-lesson'}, index + 1 < lessons.length ? 'Next lesson' : 'All lessons'));
        show();
    }
    show();
}
