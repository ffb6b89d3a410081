// The lesson page as one view (snabbdom, ui/vdom.js) of its controller's
// state (lesson.js): the board's host (the hand-written SVG board is hung
// on it by the controller) and everything beside it: where the lesson sits,
// its goal, what the last move earned, the move picker, the hint and the
// buttons. On a phone the text comes above the board (main.css), so the
// answer to a move is seen. Reads the state and calls the intents only.
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {pick_view} from '../ui/pick_view.js';
import {t} from '../i18n/i18n.js';

// `c`: the controller: its state `s` and intents (play, finish, hint, again, board_host).
export function lesson_view(c) {
    const s = c.s;
    const attrs = {class: 'card lesson', 'data-test': 'lesson'};
    if (s.missing) return v('article', attrs, v('h1', {}, t('lesson.no_such_lesson')), v('a', {href: `#/learn/${s.game}`}, t('lesson.the_lessons')));
    if (!s.lesson) return v('article', attrs);
    // The board comes first: tests wait on the step, then read its moves.
    if (s.pos) {
        Object.assign(attrs, {'data-step': s.step, 'data-done': s.step >= s.lesson.steps.length ? 'true' : null,
            'data-result': s.says && s.says.kind !== 'error' ? (s.says.kind === 'wrong' ? 'wrong' : 'right') : null});
    }
    return v('article', attrs,
        v('div', {class: 'lesson-play'},
            v('div', {key: 'board', class: 'board-host', style: s.aspect ? {'--board-aspect': String(s.aspect)} : {},
                hook: {insert: (vn) => c.board_host(vn.elm)}}),
            v('div', {key: 'side', class: 'lesson-side'}, side(c))));
}

function side(c) {
    const s = c.s, lesson = s.lesson, says = s.says;
    const last = s.index + 1 >= s.count;
    return v('div', {class: 'lesson-text'},
        v('p', {class: 'crumbs'}, v('a', {href: `#/learn/${s.game}`}, t('learn.learn_game', {game: game_names[s.game] || s.game})), ` · ${t('lesson.n_of', {n: s.index + 1, count: s.count})}`),
        v('h1', {}, lesson.title),
        lesson.intro ? v('p', {class: 'intro'}, lesson.intro) : null,
        v('p', {class: 'goal', 'data-test': 'lesson-goal'}, v('strong', {}, `${t('lesson.goal')} `), lesson.goal),
        v('p', {class: `lesson-says${says ? ` says-${says.kind}` : ''}`, role: 'status', 'aria-live': 'polite', 'data-test': 'lesson-says'},
            !says ? null
                : says.kind === 'wrong' ? t('lesson.not_quite', {why: says.text})
                    : says.kind === 'done' ? [v('strong', {}, `${t('lesson.well_done')} `), says.text, ' ',
                        v('a', {href: s.next, class: 'btn small primary', 'data-test': 'next-lesson'}, last ? t('lesson.all_lessons') : t('lesson.next_lesson'))]
                        : says.text),
        pick_view(s.choices, s.stop, (text) => c.play(text), (m) => c.finish(m)),
        v('p', {class: 'muted hint', hidden: !s.hint, 'data-test': 'lesson-hint'}, lesson.hint || ''),
        v('p', {class: 'lesson-buttons'},
            v('button', {class: 'btn small', type: 'button', onclick: () => c.show_hint()}, t('lesson.hint')),
            v('button', {class: 'btn small', type: 'button', onclick: () => c.again()}, t('lesson.start_again'))));
}
