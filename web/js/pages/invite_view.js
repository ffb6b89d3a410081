// The invite page as one view (snabbdom, ui/vdom.js) of its controller's
// state (invite.js): for the invited player, who invites them to what, on
// which clock and with which colour, with Accept and Decline; for its
// creator, the link with Copy and Cancel, and a friend's decline when it
// comes; otherwise why there is nothing to answer.
import {v} from '../ui/vdom.js';
import {rating_text} from '../ui/dom.js';
import {game_names, side_colour, side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';

const lobby_link = () => v('a', {href: '#/'}, t('nav.back_to_lobby'));

// "10 min + 5 s a move", "3 min", "no clock": the clock in words (a number
// and its unit never split across lines).
export function clock_words(tc) {
    if (!tc) return t('invite.no_clock');
    const m = tc.initial_s / 60;
    const minutes = m >= 1 || !tc.initial_s ? `${Number.isInteger(m) ? m : m.toFixed(1)}\u00a0min` : `${tc.initial_s}\u00a0s`;
    return tc.increment_s ? t('invite.clock_increment', {minutes, s: tc.increment_s}) : minutes;
}

// "ada (1500?) invites you to play <game>, 10 min + 5 s a move, rated, you play <colour>."
function offer_line(d) {
    const rating = d.rated && d.by.rating !== null && d.by.rating !== undefined
        ? ` (${rating_text(d.by.rating)}${d.by.provisional ? '?' : ''})` : '';
    const colour = d.your_color === 'random' ? t('invite.colours_random')
        : [`${t('invite.you_play')} `, v('span', {class: 'dot', 'aria-hidden': 'true', style: {background: side_colour(d.game, d.your_color) || ''}}), side_name(d.your_color)];
    return v('p', {class: 'lead invite-offer', 'data-test': 'invite-offer'},
        v('strong', {'data-test': 'invite-by'}, d.by.name), rating,
        ` ${t('invite.invites_you', {game: game_names[d.game] || d.game, clock: clock_words(d.tc), mode: d.rated ? t('game.rated') : t('game.casual')})} `,
        colour, d.position ? t('invite.from_position_end') : t('invite.end'));
}

function answer_block(st, act) {
    return [
        offer_line(st.invite),
        v('p', {class: 'muted'}, t('invite.nothing_starts')),
        v('div', {class: 'actions invite-actions'},
            v('button', {type: 'button', class: 'btn primary', 'data-test': 'invite-accept', disabled: st.busy, onclick: act.accept}, t('game.accept')),
            v('button', {type: 'button', class: 'btn', 'data-test': 'invite-decline', disabled: st.busy, onclick: act.decline}, t('game.decline'))),
        st.error ? v('p', {class: 'error', role: 'alert', 'data-test': 'invite-error'}, st.error) : null,
    ];
}

function own_block(st, act) {
    if (st.declined_by) {
        return v('p', {role: 'status', 'data-test': 'invite-status'},
            v('strong', {}, st.declined_by.name), ` ${t('invite.declined_yours')} `, lobby_link());
    }
    return [
        v('p', {'data-test': 'invite-status'}, t('invite.own')),
        v('p', {class: 'invite'},
            v('input', {class: 'invite-url', readonly: true, props: {value: st.url}, 'aria-label': t('lobby.invite_link'), onfocus: (ev) => ev.target.select()}),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: act.copy}, st.copied ? t('lobby.copied') : t('lobby.copy')),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: act.cancel}, t('lobby.cancel_invite'))),
    ];
}

// What the page says when there is nothing to answer: invite.phase_<phase>.
const closed_phases = ['loading', 'declined', 'cancelled', 'gone'];

export function invite_view(st, act) {
    let body;
    if (st.phase === 'open') body = answer_block(st, act);
    else if (st.phase === 'own') body = own_block(st, act);
    else {
        body = v('p', {role: 'status', 'data-test': 'invite-status'}, closed_phases.includes(st.phase) ? `${t(`invite.phase_${st.phase}`)} ` : `${st.error} `,
            st.phase === 'loading' ? null : lobby_link());
    }
    return v('section', {class: 'card narrow', 'data-test': 'invite-page', 'data-phase': st.phase},
        v('h1', {}, t('invite.title')), body);
}
