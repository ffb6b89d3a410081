// #/tools: the analysis board and the position editor of every game, one
// card each (the header's "Tools"). A controller of nothing but the
// catalogue: one view, drawn once.
import {v, view_root} from '../ui/vdom.js';
import {game_ids, game_names, game_info} from '../catalogue.js';
import {t} from '../i18n/i18n.js';

// A game's one-line summary in the page's language, else the server's.
function summary(id) {
    const key = `game_summary.${id}`, word = t(key);
    return word === key ? game_info(id)?.summary || '' : word;
}

function tools_view(ids) {
    return v('section', {class: 'card tools', 'data-test': 'tools'},
        v('h1', {}, t('nav.tools')),
        v('p', {}, t('tools.explain')),
        v('ul', {class: 'tool-list'}, ids.map((id) => v('li', {'data-game': id},
            v('h2', {}, game_names[id] || id),
            v('p', {class: 'muted'}, summary(id)),
            v('p', {class: 'links'},
                v('a', {class: 'btn small', href: `#/analysis/${id}`, 'data-test': 'tool-analysis'}, t('tools.analysis_board')),
                v('a', {class: 'btn small', href: `#/analysis/${id}?edit=1`, 'data-test': 'tool-editor'}, t('tools.position_editor')))))));
}

export function mount(el) {
    view_root(el).update(tools_view(game_ids));
    return null;
}
