// The tournament list's view (snabbdom, ui/vdom.js) of its controller's
// state (tournaments.js): the events upcoming, running and finished, each a
// link to its page.
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {tournament_form} from './tournament_form.js';

function clock_text(tc) { return tc ? `${tc.initial_s / 60}+${tc.increment_s}` : 'untimed'; }

function row(t, now) {
    const swiss = t.kind === 'swiss';
    const starts = t.status === 'created' ? `starts in ${Math.max(0, Math.round((t.starts_ms - now) / 60000))} min`
        : t.status === 'finished' ? 'finished'
            : swiss ? 'rounds under way' : `ends in ${Math.max(0, Math.round((t.ends_ms - now) / 60000))} min`;
    return v('li', {key: t.id, 'data-test': 'tournament-row', 'data-id': t.id},
        v('a', {href: `#/tournament/${t.id}`}, t.name),
        ` · ${game_names[t.game] || t.game} · ${clock_text(t.tc)} · ${t.rated ? 'rated' : 'casual'} · `,
        swiss ? v('span', {'data-test': 'swiss'}, `Swiss, ${t.rounds} round${t.rounds === 1 ? '' : 's'} · `) : null,
        v('span', {class: 'muted'}, starts));
}

function section(title, list, now, test) {
    return v('section', {class: 'card', 'data-test': test},
        v('h2', {}, title),
        list.length ? v('ul', {class: 'tournament-list'}, list.map((t) => row(t, now)))
            : v('p', {class: 'muted'}, 'None.'));
}

export function tournaments_view(st, c) {
    if (st.error) return v('section', {class: 'card'}, v('h1', {}, 'Tournaments'), v('p', {role: 'alert'}, st.error));
    if (!st.list) return v('section', {class: 'card'}, v('h1', {}, 'Tournaments'), v('p', {class: 'muted'}, 'Loading…'));
    return v('div', {class: 'tournaments', 'data-test': 'tournaments'},
        v('h1', {}, 'Tournaments'),
        section('Running', st.list.running, st.now, 'running'),
        section('Upcoming', st.list.upcoming, st.now, 'upcoming'),
        section('Finished', st.list.finished, st.now, 'finished'),
        tournament_form(st.form, c, st.account));
}
