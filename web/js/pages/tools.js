// #/tools: the analysis board and the position editor of every game, one
// card each (the header's "Tools"). A controller of nothing but the
// catalogue: one view, drawn once.
import {v, view_root} from '../ui/vdom.js';
import {game_ids, game_names, game_info} from '../catalogue.js';

function tools_view(ids) {
    return v('section', {class: 'card tools', 'data-test': 'tools'},
        v('h1', {}, 'Tools'),
        v('p', {}, 'Explore any position with the computer, or set one up piece by piece.'),
        v('ul', {class: 'tool-list'}, ids.map((id) => v('li', {'data-game': id},
            v('h2', {}, game_names[id] || id),
            v('p', {class: 'muted'}, game_info(id)?.summary || ''),
            v('p', {class: 'links'},
                v('a', {class: 'btn small', href: `#/analysis/${id}`, 'data-test': 'tool-analysis'}, 'Analysis board'),
                v('a', {class: 'btn small', href: `#/analysis/${id}?edit=1`, 'data-test': 'tool-editor'}, 'Position editor'))))));
}

export function mount(el) {
    view_root(el).update(tools_view(game_ids));
    return null;
}
