// One tournament's view (snabbdom, ui/vdom.js) of its controller's state
// (tournament.js): the event and its countdown, the player's own actions
// (join, pause, withdraw) and current game, the featured top game's live
// board (tournament_top.js), the standings
// with each player's sheet (a `*` scored double, on fire). A Swiss event
// shows its round (n of N) and the next round's countdown, the round's
// pairings, and its scores halved with the tie-break columns; the chat
// (tournament_chat.js) while the event is open.
import {v} from '../ui/vdom.js';
import {game_names} from '../catalogue.js';
import {tournament_chat_view} from './tournament_chat.js';
import {top_view} from './tournament_top.js';
import {t as tr} from '../i18n/i18n.js';  // `t` names the tournament here
import {error_text} from '../i18n/errors.js';

function countdown(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function when(ev, now) {
    if (ev.status === 'created') return tr('event.starts_in', {time: countdown(ev.starts_ms - now)});
    if (ev.status === 'finished') return tr('event.finished');
    if (ev.kind !== 'swiss') return tr('event.ends_in', {time: countdown(ev.ends_ms - now)});
    const next = ev.next_round_ms && ev.round < ev.rounds ? ` · ${tr('event.next_round_in', {time: countdown(ev.next_round_ms - now)})}` : '';
    return `${tr('event.round_of', {round: ev.round, rounds: ev.rounds})}${next}`;
}

// A player's state in the standings (the server's word), in the page's language.
function state_text(state) {
    const key = `event.state_${state}`, word = state ? tr(key) : '';
    return word === key ? state : word;
}

// Swiss scores travel in half points (a win 2).
const halved = (n) => (n == null ? '' : String(n / 2));

function mine_view(st, act) {
    const me = st.standings.find((s) => s.player.id === st.me);
    if (st.about.status === 'finished') return null;
    const in_it = me && me.state !== 'withdrawn' && me.state !== 'paused';
    return v('div', {class: 'actions', 'data-test': 'tournament-actions'},
        in_it ? [
            st.about.kind === 'swiss' ? null : v('button', {class: 'btn', type: 'button', 'data-test': 'pause', onclick: act.pause}, tr('game.pause')),
            v('button', {class: 'btn', type: 'button', 'data-test': 'withdraw', onclick: act.withdraw}, tr('event.withdraw')),
        ] : [
            st.about.private && !me ? v('input', {type: 'text', 'aria-label': tr('event.entry_code'), placeholder: tr('event.entry_code'), maxlength: 32,
                'data-test': 'entry-code', oninput: (ev) => act.code(ev.target.value)}) : null,
            v('button', {class: 'btn primary', type: 'button', 'data-test': 'join', onclick: act.join}, me ? tr('event.rejoin') : tr('event.join')),
        ],
        me && me.room ? v('a', {class: 'btn', href: `#/game/${me.room}`, 'data-test': 'my-game'}, tr('event.your_game')) : null,
        st.message ? v('p', {role: 'alert', 'data-test': 'tournament-message'}, st.message) : null);
}

function standing_row(s, me, swiss) {
    return v('tr', {key: s.player.id, 'data-test': 'standing', 'data-player': s.player.name, class: s.player.id === me ? 'standing-me' : null},
        v('td', {}, s.rank),
        v('td', {}, v('a', {href: `#/player/${encodeURIComponent(s.player.name)}`}, s.player.name), s.fire ? ' 🔥' : ''),
        v('td', {class: 'col-rating'}, s.player.rating ?? ''),
        v('td', {class: 'sheet', 'data-test': 'sheet'}, s.sheet),
        v('td', {'data-test': 'score'}, swiss ? halved(s.score) : s.score),
        swiss ? v('td', {'data-test': 'buchholz'}, halved(s.buchholz)) : null,
        swiss ? v('td', {'data-test': 'sonneborn-berger'}, halved(s.sonneborn_berger)) : null,
        v('td', {class: 'muted'}, s.room ? v('a', {href: `#/game/${s.room}`}, state_text(s.state)) : state_text(s.state)));
}

const who = (p) => (p ? p.name : '');

// The round's pairings, top board first; a bye has no second player.
function boards_view(ev, boards) {
    if (ev.kind !== 'swiss' || !boards || !boards.length) return null;
    return v('section', {class: 'card'},
        v('h2', {}, tr('event.round_pairings', {round: ev.round})),
        v('table', {class: 'table standings', 'data-test': 'boards'},
            v('thead', {}, v('tr', {}, ['board', 'first', 'second', 'result'].map((x) => v('th', {}, tr(`event.col_${x}`))))),
            v('tbody', {}, boards.map((b, i) => v('tr', {key: b.room || `bye-${i}`, 'data-test': 'board'},
                v('td', {}, i + 1),
                v('td', {}, who(b.first)),
                v('td', {}, b.second ? who(b.second) : v('span', {class: 'muted'}, tr('event.bye'))),
                v('td', {}, b.room ? v('a', {href: `#/game/${b.room}`}, b.result || tr('event.state_playing')) : b.result))))));
}

export function tournament_view(st, act) {
    if (!st.about) return v('section', {class: 'card'}, v('p', {class: st.error ? '' : 'muted', role: st.error ? 'alert' : null}, st.error ? error_text({code: st.error}) : tr('common.loading')));
    const ev = st.about;
    const swiss = ev.kind === 'swiss';
    // Short tie-break headings (named in full on hover) so a phone shows every column.
    const heads = [['#'], [tr('leaderboard.player')], [tr('leaderboard.rating'), null, 'col-rating'], [tr('event.col_sheet')], [tr('event.col_score')],
        ...(swiss ? [['BH', 'Buchholz'], ['SB', 'Sonneborn-Berger']] : []), ['']];  // not for people: the tie-breaks' own names
    return v('div', {class: 'tournament', 'data-test': 'tournament', 'data-status': ev.status},
        v('section', {class: 'card'},
            v('h1', {}, ev.name),
            v('p', {}, `${game_names[ev.game] || ev.game} · ${ev.tc ? `${ev.tc.initial_s / 60}+${ev.tc.increment_s}` : ''} · ${ev.rated ? tr('game.rated') : tr('game.casual')} · ${swiss ? tr('tournaments.swiss_rounds', {count: ev.rounds}) : tr('event.arena')}`),
            v('p', {class: 'countdown', 'data-test': 'countdown'}, when(ev, st.now)),
            st.podium ? v('p', {'data-test': 'podium'}, `${tr('event.podium')} `, st.podium.map((p) => `${p.rank}. ${p.player.name} (${swiss ? halved(p.score) : p.score})`).join(', ')) : null,
            mine_view(st, act),
            st.top_room && !(st.top && st.top.sync && st.top.sync.state)
                ? v('p', {}, v('a', {href: `#/game/${st.top_room}`, 'data-test': 'top-game-link'}, tr('event.watch_top_game'))) : null),
        st.top ? top_view(st.top.sync) : null,
        boards_view(ev, st.boards),
        ev.status === 'finished' && !st.chat.length ? null
            : tournament_chat_view(st, act, st.standings.some((s) => s.player.id === st.me)),
        v('section', {class: 'card'},
            v('h2', {}, tr('event.standings', {count: ev.players ?? st.standings.length})),
            v('div', {class: 'table-scroll'}, v('table', {class: 'table standings', 'data-test': 'standings'},
                v('thead', {}, v('tr', {}, heads.map(([x, full, cls]) => v('th', {class: cls || null},
                    full ? v('abbr', {title: full}, x) : x)))),
                v('tbody', {}, st.standings.map((s) => standing_row(s, st.me, swiss)))))));
}
