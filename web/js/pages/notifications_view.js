// The menu's bell and its list (snabbdom, ui/vdom.js), drawn from the
// controller's state (notifications_ctrl.js): the unread count on the bell;
// open, the newest notifications (each a link to what it is about, unread
// ones marked), "mark all read", and for an account which kinds to get.
import {v} from '../ui/vdom.js';
import {icon_view} from '../ui/icons.js';
import {game_names} from '../catalogue.js';
import {notice_kinds} from './notifications_ctrl.js';

const kind_names = {
    game_started: 'Game started (correspondence)', your_turn: 'Your turn (correspondence)', game_over: 'Game over (correspondence)',
    challenge: 'Challenges', tournament_soon: 'Tournament starting soon', tournament_withdrawn: 'Withdrawn from a tournament',
};
const results = {win: 'You won', loss: 'You lost', draw: 'Draw', aborted: 'Aborted'};

// What a notification says, and where it leads.
export function notice_text(n) {
    const d = n.data || {};
    const game = game_names[d.game] || d.game || '';
    switch (n.kind) {
    case 'game_started': return [`${game} against ${d.opponent} has started`, `#/game/${d.room}`];
    case 'your_turn': return [`Your move against ${d.opponent} (${game})`, `#/game/${d.room}`];
    case 'game_over': return [`${results[d.result] || 'Over'} against ${d.opponent} (${game})`, `#/game/${d.room}`];
    case 'challenge': return [`${d.from} challenges you to ${game}`, d.path || '#/'];
    case 'tournament_soon': return [`${d.name} starts soon`, `#/tournament/${d.id}`];
    case 'tournament_withdrawn': return [`Withdrawn from ${d.name}: you were not connected when round ${d.round} began`, `#/tournament/${d.id}`];
    default: return [n.kind, '#/'];
    }
}

function when(at) {
    const min = Math.round((Date.now() - at) / 60000);
    return min < 1 ? 'now' : min < 60 ? `${min} min ago` : min < 1440 ? `${Math.round(min / 60)} h ago` : `${Math.round(min / 1440)} d ago`;
}

function item(ctrl, n) {
    const [text, href] = notice_text(n);
    return v('li', {key: `${n.id}-${n.at}-${n.kind}`, class: n.read ? 'note-item' : 'note-item unread', 'data-test': 'notice', 'data-kind': n.kind},
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
        ' On this device, even with the site closed');
}

function prefs(ctrl, p) {
    if (!p) return null;
    return v('fieldset', {class: 'notice-prefs', 'data-test': 'notice-prefs'},
        v('legend', {}, 'Notify me of'),
        v('label', {}, v('input', {type: 'checkbox', 'data-test': 'notice-all-off', props: {checked: p.all_off},
            onchange: (e) => ctrl.set_all_off(e.target.checked)}), ' Nothing (all off)'),
        notice_kinds.map((k) => v('label', {key: k},
            v('input', {type: 'checkbox', 'data-test': `notice-kind-${k}`, disabled: p.all_off,
                props: {checked: !p.muted.includes(k)}, onchange: (e) => ctrl.set_kind(k, e.target.checked)}),
            ` ${kind_names[k]}`)),
        push_switch(ctrl));
}

export function notifications_view(ctrl) {
    const s = ctrl.s;
    const label = s.unread ? `Notifications: ${s.unread} unread` : 'Notifications';
    return v('span', {class: 'bell-wrap'},
        v('button', {type: 'button', class: 'bell', 'aria-label': label, title: label, 'aria-expanded': s.open ? 'true' : 'false',
            'data-test': 'bell', onclick: () => ctrl.toggle()},
        icon_view('bell'), s.unread ? v('span', {class: 'bell-count', 'data-test': 'bell-count'}, s.unread > 99 ? '99+' : s.unread) : null),
        s.open ? v('div', {class: 'notice-panel card', role: 'dialog', 'aria-label': 'Notifications', 'data-test': 'notice-panel'},
            v('div', {class: 'notice-head'}, v('strong', {}, 'Notifications'),
                s.unread ? v('button', {type: 'button', class: 'btn small', 'data-test': 'notice-read-all', onclick: () => ctrl.read_all()}, 'Mark all read') : null),
            s.items.length ? v('ul', {class: 'notice-list'}, s.items.map((n) => item(ctrl, n)))
                : v('p', {class: 'muted'}, 'Nothing yet.'),
            s.error ? v('p', {role: 'alert'}, s.error) : null,
            s.guest ? guest_note() : prefs(ctrl, s.prefs)) : null);
}

// Why a guest gets no settings and no push (docs/push.md, "Accounts only"):
// a push subscription outlives the tab, and a guest's name lives in this
// browser's storage alone, so it is kept for accounts, as lichess does.
function guest_note() {
    return v('p', {class: 'muted', 'data-test': 'notice-guest'},
        'Notifications on this device with the site closed, and the choice of which you get, are for accounts: ',
        'a guest lives in this browser only. ',
        v('a', {href: '#/login', 'data-test': 'notice-signup'}, 'Sign up'), ' (free; your games come with you) or log in.');
}
