// The offline page as one view (snabbdom, ui/vdom.js) of its controller's
// state (offline.js): what is wrong, that nothing needs doing, and a button
// to try at once. Reads the state and calls the intent only.
import {v} from '../ui/vdom.js';

export function offline_view(c) {
    const s = c.s;
    return v('section', {class: 'card narrow offline', 'data-test': 'offline', role: 'status'},
        v('h1', {}, 'You are offline'),
        v('p', {}, s.network ? 'Kibitz cannot reach its server right now.' : 'This device has no network connection.'),
        v('p', {}, 'This page joins by itself as soon as the connection is back. Games in play go on on the server (their clocks keep running).'),
        v('p', {class: 'muted small', 'data-test': 'offline-tries'}, `Tried ${s.tries} time${s.tries === 1 ? '' : 's'}.`),
        v('button', {class: 'btn', type: 'button', 'data-test': 'offline-retry', onclick: () => c.try_now()}, 'Try now'));
}
