// The menu's bell and its list (snabbdom, ui/vdom.js), drawn from the
// controller's state (notifications_ctrl.js): the unread count on the bell;
// open, the newest notifications (each a link to what it is about, unread
// ones marked), "mark all read", and for an account which kinds to get.
import {v} from '../ui/vdom.js';
import {icon_view} from '../ui/icons.js';
import {game_names} from '../catalogue.js';
import {notice_kinds} from './notifications_ctrl.js';
import {t} from '../i18n/i18n.js';
import {relative} from '../i18n/format.js';

// The kinds' names are the catalogue's notice.kind_<kind>; a correspondence
// game's result is notice.result_<win|loss|draw|aborted>.
const results = ['win', 'loss', 'draw', 'aborted'];

// What a notification says, and where it leads.
export function notice_text(n) {
    const d = n.data || {};
    const game = game_names[d.game] || d.game || '';
    switch (n.kind) {
    case 'game_started': return [t('notice.game_started', {game, opponent: d.opponent}), `#/game/${d.room}`];
    case 'your_turn': return [t('notice.your_turn', {game, opponent: d.opponent}), `#/game/${d.room}`];
    case 'game_over': return [t(`notice.result_${results.includes(d.result) ? d.result : 'over'}`, {game, opponent: d.opponent}), `#/game/${d.room}`];
    case 'challenge': return [t('notice.challenge', {name: d.from, game}), d.path || '#/'];
    case 'tournament_soon': return [t('notice.tournament_soon', {name: d.name}), `#/tournament/${d.id}`];
    case 'tournament_withdrawn': return [t('notice.tournament_withdrawn', {name: d.name, round: d.round}), `#/tournament/${d.id}`];
    case 'tournament_paused': return [t('notice.tournament_paused', {name: d.name}), `#/tournament/${d.id}`];
    default: return [n.kind, '#/'];
    }
}

function when(at) {
    return relative(at - Date.now());
}

function item(ctrl, n) {
    const [text, href] = notice_text(n);
    return v('li', {key: `${n.id}-${n.at}-${n.kind}`, class: n.read ? 'note-item' : 'note-item unread', 'data-test': 'notice', 'data-kind': n.kind},  // not for people: classes
        v('a', {href, onclick: () => ctrl.follow(n)}, text),
        v('span', {class: 'muted notice-when'}, when(n.at)));
}

// This browser's Web Push switch: notifications even with the site closed.
function push_switch(ctrl) {
    const push = ctrl.s.push;
    if (!push.supported) return null;
    return v('label', {},
        v('input', {type: 'checkbox', 'data-test': 'notice-push', disabled: push.busy, props: {checked: push.on},
            onchange: (e) => ctrl.set_push(e.target.checked)}),
        ` ${t('notice.push')}`);
}

function prefs(ctrl, p) {
    if (!p) return null;
    return v('fieldset', {class: 'notice-prefs', 'data-test': 'notice-prefs'},
        v('legend', {}, t('notice.notify_me_of')),
        v('label', {}, v('input', {type: 'checkbox', 'data-test': 'notice-all-off', props: {checked: p.all_off},
            onchange: (e) => ctrl.set_all_off(e.target.checked)}), ` ${t('notice.all_off')}`),
        notice_kinds.map((k) => v('label', {key: k},
            v('input', {type: 'checkbox', 'data-test': `notice-kind-${k}`, disabled: p.all_off,
                props: {checked: !p.muted.includes(k)}, onchange: (e) => ctrl.set_kind(k, e.target.checked)}),
            ` ${t(`notice.kind_${k}`)}`)),
        push_switch(ctrl));
}

export function notifications_view(ctrl) {
    const s = ctrl.s;
    const label = s.unread ? t('notice.unread', {count: s.unread}) : t('notice.title');
    return v('span', {class: 'bell-wrap'},
        v('button', {type: 'button', class: 'bell', 'aria-label': label, title: label, 'aria-expanded': s.open ? 'true' : 'false',
            'data-test': 'bell', onclick: () => ctrl.toggle()},
        icon_view('bell'), s.unread ? v('span', {class: 'bell-count', 'data-test': 'bell-count'}, s.unread > 99 ? '99+' : s.unread) : null),
        s.open ? v('div', {class: 'notice-panel card', role: 'dialog', 'aria-label': t('notice.title'), 'data-test': 'notice-panel'},
            v('div', {class: 'notice-head'}, v('strong', {}, t('notice.title')),
                s.unread ? v('button', {type: 'button', class: 'btn small', 'data-test': 'notice-read-all', onclick: () => ctrl.read_all()}, t('notice.read_all')) : null),
            s.items.length ? v('ul', {class: 'notice-list'}, s.items.map((n) => item(ctrl, n)))
                : v('p', {class: 'muted'}, t('notice.nothing_yet')),
            s.error ? v('p', {role: 'alert'}, s.error) : null,
            s.guest ? guest_note() : prefs(ctrl, s.prefs)) : null);
}

// Why a guest gets no settings and no push (docs/push.md, "Accounts only"):
// a push subscription outlives the tab, and a guest's name lives in this
// browser's storage alone, so it is kept for accounts, as lichess does.
function guest_note() {
    return v('p', {class: 'muted', 'data-test': 'notice-guest'},
        `${t('notice.guest_note')} `,
        v('a', {href: '#/login', 'data-test': 'notice-signup'}, t('notice.sign_up')), ` ${t('notice.sign_up_after')}`);
}
