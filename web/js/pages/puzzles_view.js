// The puzzle pages as views (snabbdom, ui/vdom.js) of their state
// (puzzles.js): one game's puzzle (the board's host and beside it whose move
// it is, what the last move earned, the ratings, the themes, the solution
// and the buttons), and the index of every game's puzzle of the day. Read
// the state and call the intents only.
import {v} from '../ui/vdom.js';
import {game_ids, game_names, colour_names, side_name} from '../catalogue.js';
import {capitalise} from '../ui/dom.js';
import {pick_view} from '../ui/pick_view.js';
import {t} from '../i18n/i18n.js';

// The analysis board on the puzzle's position, with its line once shown.
const analyse_href = (p, line) => `#/analysis/${p.game}?position=${encodeURIComponent(p.position)}` +
    (line ? `&moves=${encodeURIComponent(JSON.stringify(line))}` : '');

// `c`: the controller: its state `s` and intents (play, finish, next, show_solution, board_host).
export function puzzle_view(c) {
    const s = c.s, p = s.puzzle;
    const attrs = {class: 'card lesson puzzle', 'data-test': 'puzzle', 'data-game': s.game};
    if (p) Object.assign(attrs, {'data-id': p.id, 'data-over': s.over ? 'true' : null, 'data-result': s.says ? s.says.kind : null});
    return v('article', attrs,
        v('div', {class: 'lesson-play'},
            v('div', {key: 'board', class: 'board-host', style: s.aspect ? {'--board-aspect': String(s.aspect)} : {},
                hook: {insert: (vn) => c.board_host(vn.elm)}}),
            v('div', {key: 'side', class: 'lesson-side'}, side(c))));
}

function change(n) { return n > 0 ? `+${n}` : String(n); }

// Streak mode: the count so far and the best, or how the streak ended.
function streak_line(s) {
    const k = s.streak || {count: 0, best: 0, over: false};
    const text = k.over ? t('puzzle.streak_over', {count: k.count, best: k.best})
        : t('puzzle.streak', {count: k.count, best: k.best});
    return v('p', {class: k.over ? 'lesson-says says-wrong' : 'muted', 'data-test': 'puzzle-streak',
        'data-count': String(k.count), 'data-over': k.over ? 'true' : null}, text);
}

// The link to the other mode of this game's puzzles.
function mode_link(s) {
    return s.streak_mode ? v('a', {class: 'btn small', href: `#/puzzles/${s.game}`, 'data-test': 'puzzle-mode'}, t('puzzle.rated_puzzles'))
        : v('a', {class: 'btn small', href: `#/puzzles/${s.game}/streak`, 'data-test': 'puzzle-mode'}, t('puzzle.streak_mode'));
}

function side(c) {
    const s = c.s, p = s.puzzle, says = s.says;
    const name = game_names[s.game] || s.game;
    const head = v('p', {class: 'crumbs'}, v('a', {href: '#/puzzles'}, t('nav.puzzles')), ` · ${name}`,
        s.streak_mode ? ` · ${t('puzzle.streak_mode')}` : '', s.theme ? [' · ', v('span', {'data-test': 'puzzle-theme'}, s.theme)] : '');
    if (!p) return v('div', {class: 'lesson-text'}, head, v('h1', {}, t('puzzle.game_puzzles', {game: name})),
        says ? v('p', {class: 'lesson-says says-wrong', role: 'status'}, says.text) : v('p', {class: 'muted'}, t('common.loading')));
    const sides = colour_names[s.game] || [];
    const mover = sides[p.side] ? capitalise(side_name(sides[p.side])) : t('puzzle.side_to_move');
    return v('div', {class: 'lesson-text'}, head,
        v('h1', {'data-test': 'puzzle-goal'}, t('puzzle.goal', {side: mover})),
        v('p', {class: 'muted', 'data-test': 'puzzle-about'}, t('puzzle.about', {id: p.id, rating: String(p.rating.rating)}),
            p.themes.length ? ` · ${p.themes.join(', ')}` : '', p.seen ? ` · ${t('puzzle.seen')}` : ''),
        s.streak_mode ? streak_line(s) : null,
        v('p', {class: `lesson-says${says ? ` says-${says.kind === 'solved' ? 'done' : says.kind}` : ''}`, role: 'status',
            'aria-live': 'polite', 'data-test': 'puzzle-says'}, says ? says.text
            : p.last ? t('puzzle.last_move', {move: p.last.move}) : t('puzzle.your_move')),
        pick_view(s.choices, s.stop, (text) => c.play(text), (m) => c.finish(m)),
        s.solution ? v('p', {'data-test': 'puzzle-solution'}, v('strong', {}, `${t('puzzle.solution')} `), s.solution.join(' ')) : null,
        s.streak_mode ? null : s.ratings
            ? v('p', {'data-test': 'puzzle-rating'}, t('puzzle.your_rating_change', {rating: String(s.ratings.solver.rating), diff: change(s.ratings.solver_change)}))
            : v('p', {class: 'muted', 'data-test': 'puzzle-rating'}, t('puzzle.your_rating', {rating: String(p.solver.rating)})),
        v('p', {class: 'lesson-buttons'},
            s.over ? null : v('button', {class: 'btn small', type: 'button', 'data-test': 'puzzle-show-solution',
                onclick: () => c.show_solution()}, t('puzzle.show_solution')),
            v('a', {class: 'btn small', href: analyse_href(p, s.solution), 'data-test': 'puzzle-analyse'}, t('game.analyse')),
            v('button', {class: `btn small${s.over ? ' primary' : ''}`, type: 'button', 'data-test': 'puzzle-next',
                onclick: () => c.next()}, s.streak_mode && s.streak && s.streak.over ? t('puzzle.new_streak') : t('puzzle.next')),
            mode_link(s)));
}

// #/puzzles: every game, a link to its puzzles and its puzzle of the day.
export function puzzles_index_view(s) {
    return v('section', {class: 'card'}, v('h1', {}, t('nav.puzzles')),
        v('p', {class: 'muted'}, t('puzzle.index_explain')),
        v('ul', {class: 'list learn-index', 'data-test': 'puzzles-index'}, game_ids.map((g) => v('li', {key: g, 'data-game': g},
            v('a', {href: `#/puzzles/${g}`, 'data-test': 'puzzles-game'}, game_names[g]),
            ' · ', v('a', {href: `#/puzzles/${g}/streak`, 'data-test': 'puzzles-streak'}, t('puzzle.streak_mode')),
            s.daily[g] ? [' · ', v('a', {href: `#/puzzles/${g}/${s.daily[g].id}`, 'data-test': 'puzzle-daily'},
                t('puzzle.daily', {rating: String(s.daily[g].rating)}))] : null))));
}
