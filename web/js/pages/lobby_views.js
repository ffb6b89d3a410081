// The home page's panels, as views (ui/vdom.js) of its state (lobby_ctrl.js):
// the quick-pairing pools and queue, the create-a-game form, the open seeks,
// your games in play and open invites. lobby_view.js composes them; the
// patch keeps the keyboard focus and the elements where they are.
import {presets, correspondence_options, tc_text, rating_text, capitalise} from '../ui/dom.js';
import {v} from '../ui/vdom.js';
import {game_names, game_ids, colour_names, side_name} from '../catalogue.js';
import {player_text} from './lobby_live.js';
import {field, select, number} from './lobby_fields.js';
import {t} from '../i18n/i18n.js';

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
            const text = p ? [p.waiting ? t('quick.waiting', {count: p.waiting}) : '', p.playing ? t('quick.playing', {count: p.playing}) : ''].filter(Boolean).join(' · ') : '';
            const pressed = !!mine(tc);
            // A correspondence pool by its days ("3 days": per move, as the title says).
            const label = tc.days !== undefined ? t('quick.days', {count: tc.days}) : `${tc.initial_s / 60}+${tc.increment_s}`;
            const id = tc.days !== undefined ? `days:${tc.days}` : label;
            return v('button', {key: id, type: 'button', class: `btn quick${pressed ? ' waiting' : ''}`, 'data-tc': id,
                title: tc.days !== undefined ? t('quick.correspondence', {tc: tc_text(tc)}) : null,
                'aria-pressed': pressed ? 'true' : 'false', onclick: () => (pressed ? on.leave() : on.join(tc))},
            label, v('span', {class: 'pool-count', 'data-test': 'pool-count'}, text));
        })),
        // Always there (a live region announces what appears in it).
        v('p', {class: 'queue muted', role: 'status', 'data-test': 'queue'}, queued ? [
            v('span', {key: 'what'}, `${t(waiting ? 'quick.looking_waiting' : 'quick.looking',
                {game: game_names[queued.game] || queued.game, tc: tc_text(queued.tc), count: waiting || 0})} `),
            v('button', {key: 'stop', type: 'button', class: 'btn small', 'data-test': 'queue-stop', onclick: on.leave}, t('quick.stop'))] : []));
}

// Create a game: a seek in the list, or an invite link for a friend.
// `f`: {game, tc, minutes, increment, rated, colour}; `c`: the controller.
export function seek_form_view(f, c) {
    const set = (name) => (value) => c.set_field('seek', name, value);
    const times = [...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ['custom', t('form.custom')], ['none', t('form.untimed')], ...correspondence_options()];
    return v('form', {class: 'seek-form', 'data-test': 'seek-form', onsubmit: (ev) => { ev.preventDefault(); c.create_seek(); }},
        field(t('form.game'), select('seek-game', game_ids.map((g) => [g, game_names[g]]), f.game, set('game'))),
        field(t('form.time'), select('seek-tc', times, f.tc, set('tc')),
            v('span', {class: 'custom', hidden: f.tc !== 'custom'},
                number('minutes', t('form.minutes'), f.minutes, {min: 0, max: 180, step: 0.5}, set('minutes')), ` ${t('form.min_plus')} `,
                number('increment', t('form.increment_seconds'), f.increment, {min: 0, max: 180}, set('increment')), ` ${t('form.s')}`)),
        field(t('form.mode'), select('seek-rated', [['casual', t('form.casual')], ['rated', t('form.rated')]], f.rated, set('rated'))),
        field(t('form.colour'), select('seek-colour', [['random', t('form.random')], ...(colour_names[f.game] || []).map((x) => [x, capitalise(side_name(x))])], f.colour, set('colour'))),
        v('button', {class: 'btn primary', type: 'submit'}, t('lobby.create_seek')),
        v('button', {class: 'btn', type: 'button', onclick: () => c.create_invite()}, t('lobby.invite_friend')));
}

export function seeks_view(seeks, me, request) {
    return v('ul', {class: 'list seeks', 'data-test': 'seeks'},
        seeks.size ? [...seeks.values()].map((sk) => {
            const mine = me && sk.by.id === me.id;
            return v('li', {key: sk.id, class: 'seek', 'data-seek': sk.id, 'data-game': sk.game},
                v('span', {class: 'who'}, sk.by.name, ' ', v('small', {}, rating_text(sk.by.rating))),
                v('span', {class: 'what'}, game_names[sk.game] || sk.game),
                v('span', {}, tc_text(sk.tc)), v('span', {}, sk.rated ? t('game.rated') : t('game.casual')), v('span', {}, sk.color === 'random' ? t('form.random').toLowerCase() : side_name(sk.color)),
                mine ? v('button', {type: 'button', class: 'btn small', onclick: () => request('seek.cancel', sk.id)}, t('lobby.cancel'))
                    : v('button', {type: 'button', class: 'btn small primary', onclick: () => request('seek.accept', sk.id)}, t('game.play')));
        }) : v('li', {key: 'none', class: 'muted'}, t('lobby.no_seeks')));
}

// Your games in play and your open invites: the server lists both on every
// lobby.sub, so they are here again after a visit to another page. A game
// also in the live list is named by its players.
export function yours_view(rooms, live, invites, copied, me, on) {
    return v('div', {class: 'resume'},
        rooms.length ? [
            v('h3', {key: 'games-h'}, t('lobby.your_games')),
            v('ul', {key: 'games', class: 'list'}, rooms.map((r) => {
                const s = live.get(r);
                const others = s ? (s.players || []).filter((p) => !me || p.name !== me.name) : [];
                return v('li', {key: r}, v('a', {href: `#/game/${r}`, 'data-test': 'resume'},
                    s ? (others.length === 1 ? t('lobby.return_against', {game: game_names[s.game] || s.game, opponent: player_text(others[0])})
                        : t('lobby.return_to', {game: game_names[s.game] || s.game})) : t('lobby.return_to_room', {room: r})));
            }))] : null,
        invites.size ? [
            v('h3', {key: 'invites-h'}, t('lobby.invite_links', {count: invites.size})),
            v('ul', {key: 'invites', class: 'list invites'}, [...invites.values()].map((d) => invite_item(d, copied.has(d.code), on)))] : null);
}

function invite_item(d, copied, on) {
    const url = `${location.origin}${location.pathname}${d.path.replace(/^\//, '')}`;
    return v('li', {key: d.code, 'data-test': 'invite', 'data-code': d.code},
        v('span', {class: 'what'}, `${game_names[d.game] || d.game} · ${tc_text(d.tc)}`),
        v('input', {class: 'invite-url', readonly: true, props: {value: url}, 'aria-label': t('lobby.invite_link'), onfocus: (e) => e.target.select()}),
        v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: () => on.copy(d.code, url)}, copied ? t('lobby.copied') : t('lobby.copy')),
        v('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: () => on.cancel(d.code)}, t('lobby.cancel_invite')));
}
