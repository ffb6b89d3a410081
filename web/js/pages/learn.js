// #/learn: every game in a line with a link; #/learn/<game>: its rules with
// diagrams (drawn from position texts by the server), then its lessons with
// what the player has finished (learn_data.js). Each a view (ui/vdom.js) of
// what has loaded; also the home page's lessons card (learn_card_view).
import {v, view_root} from '../ui/vdom.js';
import {game_ids, game_names} from '../catalogue.js';
import {diagram_view} from '../ui/diagram.js';
import {learn_data, finished} from './learn_data.js';
import {t} from '../i18n/i18n.js';

// The page's state is what has loaded: the learn data and the finished
// lessons of one game (#/learn/<game>), or every game's summary (#/learn);
// it is set as the answers come and the one view is patched in each time.
export function mount(el, game) {
    document.title = `${game ? t('learn.learn_game', {game: game_names[game] || game}) : t('learn.title')} · Kibitz`;
    const root = view_root(el);
    const s = {game, data: undefined, done: new Set(), summaries: {}, daily: {}};
    let alive = true;
    const render = () => { if (alive) root.update(game ? rules_view(s) : index_view(s)); };
    if (game) {
        Promise.all([learn_data(game), finished(game)]).then(([data, done]) => { s.data = data; s.done = done; render(); });
    } else {
        for (const g of game_ids) {
            learn_data(g).then((d) => { if (d) { s.summaries = {...s.summaries, [g]: d.summary}; render(); } });
            // Each game's puzzle of the day (the same for everyone on a UTC day).
            fetch(`/api/puzzle/daily/${encodeURIComponent(g)}`).then((r) => (r.ok ? r.json() : null))
                .then((p) => { if (p) { s.daily = {...s.daily, [g]: p.id}; render(); } }).catch(() => {});
        }
    }
    render();
    return () => { alive = false; };
}

// #/learn/<game>: the rules with their diagrams, then the lessons, each ticked once finished.
function rules_view(s) {
    const game = s.game, data = s.data;
    const attrs = {class: 'card learn', 'data-test': 'rules', 'data-game': game};
    if (data === undefined) return v('article', attrs);
    if (!data) return v('article', attrs, v('h1', {}, t('learn.no_such_game')), v('p', {}, v('a', {href: '#/learn'}, t('learn.all_games'))));
    return v('article', attrs,
        v('h1', {}, t('learn.the_rules', {game: game_names[game] || game})), v('p', {class: 'summary'}, data.summary),
        v('nav', {class: 'toc'}, data.sections.map((r) => v('a', {href: `#/learn/${game}`,
            onclick: (e) => { e.preventDefault(); document.getElementById(`rule-${r.id}`)?.scrollIntoView(); }}, r.title))),
        data.sections.map((r) => v('section', {key: r.id, id: `rule-${r.id}`, class: 'rule'}, v('h2', {}, r.title),
            (r.text || []).map((text) => v('p', {}, text)),
            // The puzzle themes this rule is about, each a link to its puzzles.
            (r.puzzles || []).length ? v('p', {class: 'rule-puzzles', 'data-test': 'rule-puzzles'}, `${t('learn.puzzles')} `,
                r.puzzles.map((theme, i) => [i ? ', ' : '', v('a', {href: `#/puzzles/${game}?theme=${encodeURIComponent(theme)}`, 'data-theme': theme}, theme)])) : null,
            v('div', {class: 'diagrams'}, (r.diagrams || []).map((d, i) => diagram_view(game, d, i))))),
        v('section', {class: 'lessons', 'data-test': 'lessons'}, v('h2', {}, t('learn.lessons')),
            v('ol', {}, data.lessons.map((l) => v('li', {key: l.id, class: s.done.has(l.id) ? 'done' : ''},
                v('a', {href: `#/learn/${game}/${l.id}`, 'data-lesson': l.id}, l.title), s.done.has(l.id) ? ' ✓' : '')))),
        v('p', {}, v('a', {class: 'btn', href: '#/'}, t('learn.play_a_game'))));
}

// A game's one-line summary: the catalogue's, in the page's language, else
// the lesson file's (English) for a game the catalogue does not know.
function summary(g, summaries) {
    const key = `game_summary.${g}`, word = t(key);
    return word === key ? summaries[g] || '' : word;
}

// The home page's card, as a view (ui/vdom.js): one line per game, with a
// link to learn it; `summaries`: game id -> its one-line summary, as loaded.
// `wide`: across the whole home page (a first visit), the games side by side.
export function learn_card_view(summaries, wide) {
    return v('section', {class: `card learn-card${wide ? ' wide' : ''}`}, v('h2', {}, t('learn.start_with_lesson')),
        v('ul', {class: 'list learn-index', 'data-test': 'learn-card'}, game_ids.map((g) => v('li', {key: g, 'data-game': g},
            v('strong', {}, game_names[g]), ' ', v('span', {class: 'muted'}, summary(g, summaries)), ' ',
            v('a', {href: `#/learn/${g}`, class: 'btn small'}, t('nav.learn'))))));
}

// #/learn: every game in a line with a link and, once loaded, its summary.
function index_view(s) {
    return v('section', {class: 'card'}, v('h1', {}, t('learn.title')),
        v('ul', {class: 'list learn-index', 'data-test': 'learn-index'}, game_ids.map((g) => v('li', {key: g, 'data-game': g},
            v('a', {href: `#/learn/${g}`}, game_names[g]), summary(g, s.summaries) ? [' · ', v('span', {class: 'muted'}, summary(g, s.summaries))] : null,
            s.daily[g] ? [' · ', v('a', {href: `#/puzzles/${g}/${s.daily[g]}`, 'data-test': 'learn-daily-puzzle'}, t('learn.puzzle_of_the_day'))] : null))));
}
