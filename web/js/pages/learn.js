// #/learn: every game in a line with a link; #/learn/<game>: its rules with
// diagrams (drawn from position texts by the server), then its lessons with
// what the player has finished (learn_data.js).
import {h} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_ids, game_names} from '../catalogue.js';
import {diagram} from '../ui/diagram.js';
import {learn_data, finished} from './learn_data.js';

export function mount(el, game) {
    document.title = game ? `Learn ${game_names[game] || game} · Kibitz` : 'Learn the games · Kibitz';
    if (!game) return index(el);
    const page = h('article', {class: 'card learn', 'data-test': 'rules', 'data-game': game});
    el.append(page);
    Promise.all([learn_data(game), finished(game)]).then(([data, done]) => {
        if (!data) { page.append(h('h1', {}, 'No such game'), h('p', {}, h('a', {href: '#/learn'}, 'All the games'))); return; }
        page.append(h('h1', {}, `${game_names[game] || game}: the rules`), h('p', {class: 'summary'}, data.summary),
            h('nav', {class: 'toc'}, data.sections.map((s) => h('a', {href: `#/learn/${game}`, onclick: (e) => { e.preventDefault(); document.getElementById(`rule-${s.id}`)?.scrollIntoView(); }}, s.title))),
            ...data.sections.map((s) => h('section', {id: `rule-${s.id}`, class: 'rule'}, h('h2', {}, s.title),
                (s.text || []).map((t) => h('p', {}, t)),
                h('div', {class: 'diagrams'}, (s.diagrams || []).map((d) => diagram(game, d))))),
            h('section', {class: 'lessons', 'data-test': 'lessons'}, h('h2', {}, 'Lessons'),
                h('ol', {}, data.lessons.map((l) => h('li', {class: done.has(l.id) ? 'done' : ''},
                    h('a', {href: `#/learn/${game}/${l.id}`, 'data-lesson': l.id}, l.title), done.has(l.id) ? ' ✓' : '')))),
            h('p', {}, h('a', {class: 'btn', href: '#/'}, 'Play a game')));
    });
}

// The home page's card, as a view (ui/vdom.js): one line per game, with a
// link to learn it; `summaries`: game id -> its one-line summary, as loaded.
// `wide`: across the whole home page (a first visit), the games side by side.
export function learn_card_view(summaries, wide) {
    return v('section', {class: `card learn-card${wide ? ' wide' : ''}`}, v('h2', {}, 'New to these games? Start with a lesson'),
        v('ul', {class: 'list learn-index', 'data-test': 'learn-card'}, game_ids.map((g) => v('li', {key: g, 'data-game': g},
            v('strong', {}, game_names[g]), ' ', v('span', {class: 'muted'}, summaries[g] || ''), ' ',
            v('a', {href: `#/learn/${g}`, class: 'btn small'}, 'Learn')))));
}

function index(el) {
    const list = h('ul', {class: 'list learn-index', 'data-test': 'learn-index'});
    el.append(h('section', {class: 'card'}, h('h1', {}, 'Learn the games'), list));
    for (const g of game_ids) {
        const li = h('li', {'data-game': g}, h('a', {href: `#/learn/${g}`}, game_names[g]));
        list.append(li);
        learn_data(g).then((d) => { if (d) li.append(' · ', h('span', {class: 'muted'}, d.summary)); });
    }
}
