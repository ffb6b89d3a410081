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

function countdown(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function when(t, now) {
    if (t.status === 'created') return `Starts in ${countdown(t.starts_ms - now)}`;
    if (t.status === 'finished') return 'Finished';
    if (t.kind !== 'swiss') return `Ends in ${countdown(t.ends_ms - now)}`;
    const next = t.next_round_ms && t.round < t.rounds ? ` · next round in ${countdown(t.next_round_ms - now)}` : '';
    return `Round ${t.round} of ${t.rounds}${next}`;
}

// Swiss scores travel in half points (a win 2).
const halved = (n) => (n == null ? '' : String(n / 2));

function mine_view(st, act) {
    const me = st.standings.find((s) => s.player.id === st.me);
    if (st.about.status === 'finished') return null;
    const in_it = me && me.state !== 'withdrawn' && me.state !== 'paused';
    return v('div', {class: 'actions', 'data-test': 'tournament-actions'},
        in_it ? [
            st.about.kind === 'swiss' ? null : v('button', {class: 'btn', type: 'button', 'data-test': 'pause', onclick: act.pause}, 'Pause'),
            v('button', {class: 'btn', type: 'button', 'data-test': 'withdraw', onclick: act.withdraw}, 'Withdraw'),
        ] : [
            st.about.private && !me ? v('input', {type: 'text', 'aria-label': 'Entry code', placeholder: 'Entry code', maxlength: 32,
                'data-test': 'entry-code', oninput: (ev) => act.code(ev.target.value)}) : null,
            v('button', {class: 'btn primary', type: 'button', 'data-test': 'join', onclick: act.join}, me ? 'Rejoin' : 'Join'),
        ],
        me && me.room ? v('a', {class: 'btn', href: `#/game/${me.room}`, 'data-test': 'my-game'}, 'Your game') : null,
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
        v('td', {class: 'muted'}, s.room ? v('a', {href: `#/game/${s.room}`}, s.state) : s.state));
}

const who = (p) => (p ? p.name : '');

// The round's pairings, top board first; a bye has no second player.
function boards_view(t, boards) {
    if (t.kind !== 'swiss' || !boards || !boards.length) return null;
    return v('section', {class: 'card'},
        v('h2', {}, `Round ${t.round} pairings`),
        v('table', {class: 'table standings', 'data-test': 'boards'},
            v('thead', {}, v('tr', {}, ['Board', 'First', 'Second', 'Result'].map((x) => v('th', {}, x)))),
            v('tbody', {}, boards.map((b, i) => v('tr', {key: b.room || `bye-${i}`, 'data-test': 'board'},
                v('td', {}, i + 1),
                v('td', {}, who(b.first)),
                v('td', {}, b.second ? who(b.second) : v('span', {class: 'muted'}, 'bye')),
                v('td', {}, b.room ? v('a', {href: `#/game/${b.room}`}, b.result || 'playing') : b.result))))));
}

export function tournament_view(st, act) {
    if (!st.about) return v('section', {class: 'card'}, v('p', {class: st.error ? '' : 'muted', role: st.error ? 'alert' : null}, st.error || 'Loading…'));
    const t = st.about;
    const swiss = t.kind === 'swiss';
    // Short tie-break headings (named in full on hover) so a phone shows every column.
    const heads = [['#'], ['Player'], ['Rating', null, 'col-rating'], ['Sheet'], ['Score'],
        ...(swiss ? [['BH', 'Buchholz'], ['SB', 'Sonneborn-Berger']] : []), ['']];
    return v('div', {class: 'tournament', 'data-test': 'tournament', 'data-status': t.status},
        v('section', {class: 'card'},
            v('h1', {}, t.name),
            v('p', {}, `${game_names[t.game] || t.game} · ${t.tc ? `${t.tc.initial_s / 60}+${t.tc.increment_s}` : ''} · ${t.rated ? 'rated' : 'casual'} · ${swiss ? `Swiss, ${t.rounds} round${t.rounds === 1 ? '' : 's'}` : 'arena'}`),
            v('p', {class: 'countdown', 'data-test': 'countdown'}, when(t, st.now)),
            st.podium ? v('p', {'data-test': 'podium'}, 'Podium: ', st.podium.map((p) => `${p.rank}. ${p.player.name} (${swiss ? halved(p.score) : p.score})`).join(', ')) : null,
            mine_view(st, act),
            st.top_room && !(st.top && st.top.sync && st.top.sync.state)
                ? v('p', {}, v('a', {href: `#/game/${st.top_room}`, 'data-test': 'top-game-link'}, 'Watch the top game')) : null),
        st.top ? top_view(st.top.sync) : null,
        boards_view(t, st.boards),
        t.status === 'finished' && !st.chat.length ? null
            : tournament_chat_view(st, act, st.standings.some((s) => s.player.id === st.me)),
        v('section', {class: 'card'},
            v('h2', {}, `Standings (${t.players ?? st.standings.length} players)`),
            v('div', {class: 'table-scroll'}, v('table', {class: 'table standings', 'data-test': 'standings'},
                v('thead', {}, v('tr', {}, heads.map(([x, full, cls]) => v('th', {class: cls || null},
                    full ? v('abbr', {title: full}, x) : x)))),
                v('tbody', {}, st.standings.map((s) => standing_row(s, st.me, swiss)))))));
}
