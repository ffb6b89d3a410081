// The invite page as one view (snabbdom, ui/vdom.js) of its controller's
// state (invite.js): for the invited player, who invites them to what, on
// which clock and with which colour, with Accept and Decline; for its
// creator, the link with Copy and Cancel, and a friend's decline when it
// comes; otherwise why there is nothing to answer.
import {v} from '../ui/vdom.js';
import {rating_text} from '../ui/dom.js';
import {game_names, side_colour} from '../catalogue.js';

const lobby_link = () => v('a', {href: '#/'}, 'Back to the lobby');

// "10 min + 5 s a move", "3 min", "no clock": the clock in words (a number
// and its unit never split across lines).
export function clock_words(tc) {
    if (!tc) return 'no clock';
    const m = tc.initial_s / 60;
    const minutes = m >= 1 || !tc.initial_s ? `${Number.isInteger(m) ? m : m.toFixed(1)}\u00a0min` : `${tc.initial_s}\u00a0s`;
    return tc.increment_s ? `${minutes} + ${tc.increment_s}\u00a0s a move` : minutes;
}

// "ada (1500?) invites you to play <game>, 10 min + 5 s a move, rated, you play <colour>."
function offer_line(d) {
    const rating = d.rated && d.by.rating !== null && d.by.rating !== undefined
        ? ` (${rating_text(d.by.rating)}${d.by.provisional ? '?' : ''})` : '';
    const colour = d.your_color === 'random' ? 'colours drawn at random'
        : ['you play ', v('span', {class: 'dot', 'aria-hidden': 'true', style: {background: side_colour(d.game, d.your_color) || ''}}), d.your_color];
    return v('p', {class: 'lead invite-offer', 'data-test': 'invite-offer'},
        v('strong', {'data-test': 'invite-by'}, d.by.name), rating,
        ` invites you to play ${game_names[d.game] || d.game}, ${clock_words(d.tc)}, ${d.rated ? 'rated' : 'casual'}, `,
        colour, d.position ? ', from a chosen position.' : '.');
}

function answer_block(st, act) {
    return [
        offer_line(st.invite),
        v('p', {class: 'muted'}, 'Nothing starts until you accept: the clock runs from then.'),
        v('div', {class: 'actions invite-actions'},
            v('button', {type: 'button', class: 'btn primary', 'data-test': 'invite-accept', disabled: st.busy, onclick: act.accept}, 'Accept'),
            v('button', {type: 'button', class: 'btn', 'data-test': 'invite-decline', disabled: st.busy, onclick: act.decline}, 'Decline')),
        st.error ? v('p', {class: 'error', role: 'alert', 'data-test': 'invite-error'}, st.error) : null,
    ];
}

function own_block(st, act) {
    if (st.declined_by) {
        return v('p', {role: 'status', 'data-test': 'invite-status'},
            v('strong', {}, st.declined_by.name), ' declined your invitation. ', lobby_link());
    }
    return [
        v('p', {'data-test': 'invite-status'}, 'This is your own invitation: send this page\'s address to a friend. ' +
            'The game starts when they accept it; you will see here if they decline.'),
        v('p', {class: 'invite'},
            v('input', {class: 'invite-url', readonly: true, props: {value: st.url}, 'aria-label': 'invite link', onfocus: (ev) => ev.target.select()}),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: act.copy}, st.copied ? 'Copied' : 'Copy'),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: act.cancel}, 'Cancel invite')),
    ];
}

// What the page says when there is nothing to answer (by phase).
const closed_text = {
    loading: 'Loading the invitation…',
    declined: 'You declined the invitation. ',
    cancelled: 'Invitation cancelled. ',
    gone: 'This invitation is no longer open (taken, declined, cancelled or expired). ',
};

export function invite_view(st, act) {
    let body;
    if (st.phase === 'open') body = answer_block(st, act);
    else if (st.phase === 'own') body = own_block(st, act);
    else {
        body = v('p', {role: 'status', 'data-test': 'invite-status'}, closed_text[st.phase] || `${st.error} `,
            st.phase === 'loading' ? null : lobby_link());
    }
    return v('section', {class: 'card narrow', 'data-test': 'invite-page', 'data-phase': st.phase},
        v('h1', {}, 'Game invitation'), body);
}
