// The home page's panels, as views (ui/vdom.js) of its state (lobby_ctrl.js):
// the quick-pairing pools and queue, the create-a-game form, the open seeks,
// your games in play and open invites. lobby_view.js composes them; the
// patch keeps the keyboard focus and the elements where they are.
import {presets, correspondence_options, tc_text, rating_text, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_names, game_ids, colour_names} from '../catalogue.js';
import {player_text} from './lobby_live.js';
import {field, select, number} from './lobby_fields.js';

// Both live ({initial_s, increment_s}) and correspondence ({days}) pools.
const same_tc = (a, b) => Boolean(a && b) && (a.days !== undefined || b.days !== undefined
    ? a.days === b.days : a.initial_s === b.initial_s && a.increment_s === b.increment_s);
// Quick pairing's pools: the live presets, then correspondence (its own pools).
const quick_days = [1, 3, 7];
const quick_tcs = [...presets.map(([m, i]) => ({initial_s: m * 60, increment_s: i})), ...quick_days.map((days) => ({days}))];

// One button per time control of the chosen game: who waits there, how many
// play. The pool you wait in is pressed; pressing it again stops waiting.
// Under them, while you wait, what for and a Stop button.
export function quick_view(game, counts, queued, on) {
    const pool_of = (g, tc) => (counts.pools || []).find((x) => x.game === g && !x.rated && same_tc(x.tc, tc));
    const mine = (tc) => queued && queued.game === game && same_tc(queued.tc, tc);
    let waiting = null;
    if (queued) {
        const p = pool_of(queued.game, queued.tc);
        waiting = p ? p.waiting : queued.waiting;
    }
    return v('div', {class: 'quick'},
        v('div', {class: 'quick-grid'}, quick_tcs.map((tc) => {
            const p = pool_of(game, tc);
            const text = p ? [p.waiting ? `${p.waiting} waiting` : '', p.playing ? `${p.playing} playing` : ''].filter(Boolean).join(' · ') : '';
            const pressed = !!mine(tc);
            // A correspondence pool by its days ("3 days": per move, as the title says).
            const label = tc.days !== undefined ? `${tc.days} day${tc.days > 1 ? 's' : ''}` : `${tc.initial_s / 60}+${tc.increment_s}`;
            const id = tc.days !== undefined ? `days:${tc.days}` : label;
            return v('button', {key: id, type: 'button', class: `btn quick${pressed ? ' waiting' : ''}`, 'data-tc': id,
                title: tc.days !== undefined ? `Correspondence: ${tc_text(tc)}` : null,
                'aria-pressed': pressed ? 'true' : 'false', onclick: () => (pressed ? on.leave() : on.join(tc))},
            label, v('span', {class: 'pool-count', 'data-test': 'pool-count'}, text));
        })),
        // Always there (a live region announces what appears in it).
        v('p', {class: 'queue muted', role: 'status', 'data-test': 'queue'}, queued ? [
            v('span', {key: 'what'}, `Looking for ${/^[aeiou]/i.test(game_names[queued.game] || '') ? 'an' : 'a'} ` +
                `${game_names[queued.game] || queued.game} ${tc_text(queued.tc)} opponent${waiting ? ` (${waiting} waiting)` : ''}… `),
            v('button', {key: 'stop', type: 'button', class: 'btn small', 'data-test': 'queue-stop', onclick: on.leave}, 'Stop')] : []));
}

// Create a game: a seek in the list, or an invite link for a friend.
// `f`: {game, tc, minutes, increment, rated, colour}; `c`: the controller.
export function seek_form_view(f, c) {
    const set = (name) => (value) => c.set_field('seek', name, value);
    const times = [...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ['custom', 'Custom…'], ['none', 'Untimed'], ...correspondence_options];
    return v('form', {class: 'seek-form', 'data-test': 'seek-form', onsubmit: (ev) => { ev.preventDefault(); c.create_seek(); }},
        field('Game', select('seek-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
        field('Time', select('seek-tc', times, f.tc, set('tc')),
            v('span', {class: 'custom', hidden: f.tc !== 'custom'},
                number('minutes', 'minutes', f.minutes, {min: 0, max: 180, step: 0.5}, set('minutes')), ' min + ',
                number('increment', 'increment seconds', f.increment, {min: 0, max: 180}, set('increment')), ' s')),
        field('Mode', select('seek-rated', [['casual', 'Casual'], ['rated', 'Rated']], f.rated, set('rated'))),
        field('Colour', select('seek-colour', [['random', 'Random'], ...(colour_names[f.game] || []).map((x) => [x, capitalise(x)])], f.colour, set('colour'))),
        v('button', {class: 'btn primary', type: 'submit'}, 'Create seek'),
        v('button', {class: 'btn', type: 'button', onclick: () => c.create_invite()}, 'Invite a friend'));
}

export function seeks_view(seeks, me, request) {
    return v('ul', {class: 'list seeks', 'data-test': 'seeks'},
        seeks.size ? [...seeks.values()].map((sk) => {
            const mine = me && sk.by.id === me.id;
            return v('li', {key: sk.id, class: 'seek', 'data-seek': sk.id, 'data-game': sk.game},
                v('span', {class: 'who'}, sk.by.name, ' ', v('small', {}, rating_text(sk.by.rating))),
                v('span', {class: 'what'}, game_names[sk.game] || sk.game),
                v('span', {}, tc_text(sk.tc)), v('span', {}, sk.rated ? 'rated' : 'casual'), v('span', {}, sk.color),
                mine ? v('button', {type: 'button', class: 'btn small', onclick: () => request('seek.cancel', sk.id)}, 'Cancel')
                    : v('button', {type: 'button', class: 'btn small primary', onclick: () => request('seek.accept', sk.id)}, 'Play'));
        }) : v('li', {key: 'none', class: 'muted'}, 'No open seeks. Create one!'));
}

// Your games in play and your open invites: the server lists both on every
// lobby.sub, so they are here again after a visit to another page. A game
// also in the live list is named by its players.
export function yours_view(rooms, live, invites, copied, me, on) {
    return v('div', {class: 'resume'},
        rooms.length ? [
            v('h3', {key: 'games-h'}, 'Your games'),
            v('ul', {key: 'games', class: 'list'}, rooms.map((r) => {
                const s = live.get(r);
                const others = s ? (s.players || []).filter((p) => !me || p.name !== me.name) : [];
                return v('li', {key: r}, v('a', {href: `#/game/${r}`, 'data-test': 'resume'},
                    s ? `Return to ${game_names[s.game] || s.game}${others.length === 1 ? ` against ${player_text(others[0])}` : ''}` : `Return to game ${r}`));
            }))] : null,
        invites.size ? [
            v('h3', {key: 'invites-h'}, invites.size === 1 ? 'Invite link' : 'Invite links'),
            v('ul', {key: 'invites', class: 'list invites'}, [...invites.values()].map((d) => invite_item(d, copied.has(d.code), on)))] : null);
}

function invite_item(d, copied, on) {
    const url = `${location.origin}${location.pathname}${d.path.replace(/^\//, '')}`;
    return v('li', {key: d.code, 'data-test': 'invite', 'data-code': d.code},
        v('span', {class: 'what'}, `${game_names[d.game] || d.game} · ${tc_text(d.tc)}`),
        v('input', {class: 'invite-url', readonly: true, props: {value: url}, 'aria-label': 'invite link', onfocus: (e) => e.target.select()}),
        v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: () => on.copy(d.code, url)}, copied ? 'Copied' : 'Copy'),
        v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: () => on.cancel(d.code)}, 'Cancel invite'));
}
