// The offline page as one view (snabbdom, ui/vdom.js) of its controller's
// state (offline.js): what is wrong, that nothing needs doing, and a button
// to try at once. Reads the state and calls the intent only.
import {v} from '../ui/vdom.js';
import {t} from '../i18n/i18n.js';

export function offline_view(c) {
    const s = c.s;
    return v('section', {class: 'card narrow offline', 'data-test': 'offline', role: 'status'},
        v('h1', {}, t('offline.title')),
        v('p', {}, s.network ? t('offline.no_server') : t('offline.no_network')),
        v('p', {}, t('offline.joins_by_itself')),
        v('p', {class: 'muted small', 'data-test': 'offline-tries'}, t('offline.tries', {count: s.tries})),
        v('button', {class: 'btn', type: 'button', 'data-test': 'offline-retry', onclick: () => c.try_now()}, t('offline.try_now')));
}
