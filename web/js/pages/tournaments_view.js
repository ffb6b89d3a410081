// The tournament list's view (snabbdom, ui/vdom.js) of its controller's
// state (tournaments.js): the events upcoming, running and finished, each a
// link to its page.
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {tournament_form} from './tournament_form.js';
import {t} from '../i18n/i18n.js';

function clock_text(tc) { return tc ? `${tc.initial_s / 60}+${tc.increment_s}` : t('tc.untimed'); }

function row(ev, now) {
    const swiss = ev.kind === 'swiss';
    const minutes = (ms) => Math.max(0, Math.round((ms - now) / 60000));
    const starts = ev.status === 'created' ? t('tournaments.starts_in', {min: minutes(ev.starts_ms)})
        : ev.status === 'finished' ? t('tournaments.finished_status')
            : swiss ? t('tournaments.rounds_under_way') : t('tournaments.ends_in', {min: minutes(ev.ends_ms)});
    return v('li', {key: ev.id, 'data-test': 'tournament-row', 'data-id': ev.id},
        v('a', {href: `#/tournament/${ev.id}`}, ev.name),
        ` · ${game_names[ev.game] || ev.game} · ${clock_text(ev.tc)} · ${ev.rated ? t('game.rated') : t('game.casual')} · `,
        swiss ? v('span', {'data-test': 'swiss'}, `${t('tournaments.swiss_rounds', {count: ev.rounds})} · `) : null,
        v('span', {class: 'muted'}, starts));
}

function section(title, list, now, test) {
    return v('section', {class: 'card', 'data-test': test},
        v('h2', {}, title),
        list.length ? v('ul', {class: 'tournament-list'}, list.map((ev) => row(ev, now)))
            : v('p', {class: 'muted'}, t('tournaments.none')));
}

export function tournaments_view(st, c) {
    if (st.error) return v('section', {class: 'card'}, v('h1', {}, t('nav.tournaments')), v('p', {role: 'alert'}, t('tournaments.not_loaded', {why: st.error})));
    if (!st.list) return v('section', {class: 'card'}, v('h1', {}, t('nav.tournaments')), v('p', {class: 'muted'}, t('common.loading')));
    return v('div', {class: 'tournaments', 'data-test': 'tournaments'},
        v('h1', {}, t('nav.tournaments')),
        section(t('tournaments.running'), st.list.running, st.now, 'running'),
        section(t('tournaments.upcoming'), st.list.upcoming, st.now, 'upcoming'),
        section(t('tournaments.finished'), st.list.finished, st.now, 'finished'),
        tournament_form(st.form, c, st.account));
}
