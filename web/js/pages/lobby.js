// Lobby: live seeks, the create-seek form, quick pairing, games in play to
// watch, online counts, and your unfinished games to return to.
import {socket} from '../net/socket.js';
import {computer_card} from './computer_form.js';
import {learn_card} from './learn.js';
import {h, clear, presets, tc_text, rating_text, toast, capitalise} from '../ui/dom.js';
import {game_names, game_ids, colour_names} from '../catalogue.js';
import {v, view_root} from '../ui/vdom.js';
import {copy_text} from '../ui/copy.js';
import {mount_tv} from './tv.js';

export function mount(el) {
    const seeks = new Map();
    const live = new Map();       // room id -> room summary
    const invites = new Map();    // code -> open invite of yours (as invite.created showed it)
    let your_rooms = socket.rooms || [];
    let counts = {players: 0, games: 0};
    let queued = null;
    const offs = [];

    const counts_el = h('p', {class: 'counts', 'data-test': 'counts'});
    const resume_el = h('div', {class: 'resume'});
    // The seeks are a view (ui/vdom.js): an update keeps the focus on a button.
    const seek_host = h('div', {});
    const seek_list = view_root(seek_host);
    const live_list = h('ul', {class: 'list live', 'data-test': 'live'});
    const queue_el = h('p', {class: 'queue muted', role: 'status'});
    const tv_host = h('div', {class: 'tv-host'});

    // Quick pairing: pick a game, then a time control.
    const quick_game = select('quick-game', game_ids.map((g) => [g, game_names[g]]));
    const quick_buttons = h('div', {class: 'quick-grid'}, presets.map(([m, i]) =>
        h('button', {class: 'btn quick', 'data-tc': `${m}+${i}`, onclick: () => quick(m * 60, i)}, `${m}+${i}`,
            h('span', {class: 'pool-count', 'data-test': 'pool-count'}))));
    quick_game.addEventListener('change', () => render_pools());

    // Create-a-seek form.
    const f_game = select('seek-game', game_ids.map((g) => [g, game_names[g]]));
    const f_tc = select('seek-tc', [...presets.map(([m, i]) => [`${m * 60}+${i}`, `${m}+${i}`]), ['custom', 'Custom…'], ['none', 'Untimed']]);
    f_tc.value = '300+3';
    const f_min = h('input', {type: 'number', min: 0, max: 180, step: 0.5, value: 5, name: 'minutes', 'aria-label': 'minutes'});
    const f_inc = h('input', {type: 'number', min: 0, max: 180, value: 3, name: 'increment', 'aria-label': 'increment seconds'});
    const custom = h('span', {class: 'custom', hidden: true}, f_min, ' min + ', f_inc, ' s');
    f_tc.addEventListener('change', () => { custom.hidden = f_tc.value !== 'custom'; });
    const f_rated = select('seek-rated', [['casual', 'Casual'], ['rated', 'Rated']]);
    const f_colour = select('seek-colour', [['random', 'Random']]);
    const fill_colours = () => {
        clear(f_colour).append(h('option', {value: 'random'}, 'Random'),
            ...colour_names[f_game.value].map((c) => h('option', {value: c}, capitalise(c))));
    };
    f_game.addEventListener('change', fill_colours);
    fill_colours();
    const form = h('form', {class: 'seek-form', 'data-test': 'seek-form', onsubmit: (ev) => { ev.preventDefault(); create_seek(); }},
        field('Game', f_game), field('Time', f_tc, custom), field('Mode', f_rated), field('Colour', f_colour),
        h('button', {class: 'btn primary', type: 'submit'}, 'Create seek'),
        h('button', {class: 'btn', type: 'button', onclick: create_invite}, 'Invite a friend'));

    el.append(h('h1', {class: 'sr-only'}, 'Play'), h('div', {class: 'lobby'},
        computer_card(),
        h('section', {class: 'card'}, h('h2', {}, 'Quick pairing'), field('Game', quick_game), quick_buttons, queue_el),
        tv_host,
        h('section', {class: 'card'}, h('h2', {}, 'Create a game'), form),
        h('section', {class: 'card'}, h('h2', {}, 'Open seeks'), seek_host),
        h('section', {class: 'card'}, h('h2', {}, 'Games in play'), live_list),
        h('section', {class: 'card side'}, counts_el, resume_el),
        learn_card()));

    function field(label, ...inputs) { return h('label', {class: 'field'}, h('span', {}, label), ...inputs); }
    function select(name, opts) { return h('select', {name, 'data-test': name}, opts.map(([v, t]) => h('option', {value: v}, t))); }

    function read_tc() {
        if (f_tc.value === 'none') return null;
        if (f_tc.value === 'custom') return {initial_s: Math.round(Number(f_min.value) * 60), increment_s: Math.round(Number(f_inc.value))};
        const [a, b] = f_tc.value.split('+').map(Number);
        return {initial_s: a, increment_s: b};
    }
    function settings() {
        return {game: f_game.value, tc: read_tc(), rated: f_rated.value === 'rated', color: f_colour.value};
    }
    async function create_seek() {
        try { await socket.request('seek.create', settings()); } catch (e) { toast(e.message || e.code, 'error'); }
    }
    async function create_invite() {
        try { await socket.request('invite.create', settings()); } catch (e) { toast(e.message || e.code, 'error'); }
    }
    async function quick(initial_s, increment_s) {
        try { await socket.request('quick.join', {game: quick_game.value, tc: {initial_s, increment_s}}); }
        catch (e) { toast(e.message || e.code, 'error'); }
    }

    // Each quick-pairing button of the chosen game: who waits there, how many play.
    function render_pools() {
        for (const b of quick_buttons.querySelectorAll('button[data-tc]')) {
            const [m, i] = b.dataset.tc.split('+').map(Number);
            const p = (counts.pools || []).find((x) => x.game === quick_game.value && !x.rated && x.tc &&
                x.tc.initial_s === m * 60 && x.tc.increment_s === i);
            const text = p ? [p.waiting ? `${p.waiting} waiting` : '', p.playing ? `${p.playing} playing` : ''].filter(Boolean).join(' · ') : '';
            const el = b.querySelector('[data-test="pool-count"]');
            if (el.textContent !== text) el.textContent = text;
        }
    }
    function render_counts() {
        render_pools();
        counts_el.textContent = `${counts.players} player${counts.players === 1 ? '' : 's'} online · ${counts.games} game${counts.games === 1 ? '' : 's'} in play`;
    }
    function render_seeks() {
        const request = (t, id) => socket.request(t, {id}).catch((e) => toast(e.message, 'error'));
        seek_list.update(v('ul', {class: 'list seeks', 'data-test': 'seeks'},
            seeks.size ? [...seeks.values()].map((sk) => {
                const mine = socket.user && sk.by.id === socket.user.id;
                return v('li', {key: sk.id, class: 'seek', 'data-seek': sk.id, 'data-game': sk.game},
                    v('span', {class: 'who'}, sk.by.name, ' ', v('small', {}, rating_text(sk.by.rating))),
                    v('span', {class: 'what'}, game_names[sk.game] || sk.game),
                    v('span', {}, tc_text(sk.tc)), v('span', {}, sk.rated ? 'rated' : 'casual'), v('span', {}, sk.color),
                    mine ? v('button', {type: 'button', class: 'btn small', onclick: () => request('seek.cancel', sk.id)}, 'Cancel')
                        : v('button', {type: 'button', class: 'btn small primary', onclick: () => request('seek.accept', sk.id)}, 'Play'));
            }) : v('li', {key: 'none', class: 'muted'}, 'No open seeks. Create one!')));
    }
    function render_live() {
        clear(live_list);
        if (!live.size) live_list.append(h('li', {class: 'muted'}, 'No games in play right now.'));
        for (const r of live.values()) {
            live_list.append(h('li', {'data-room': r.room},
                h('a', {href: `#/game/${r.room}`},
                    h('span', {class: 'what'}, game_names[r.game] || r.game),
                    h('span', {}, r.players.map(player_text).join(' – ')),
                    h('span', {class: 'muted'}, `${tc_text(r.tc)} · ply ${r.plies} · ${r.spectators} watching`))));
        }
    }
    // A guest has no rating: the name alone, never "Guest-123 ()".
    function player_text(p) {
        return p.rating === null || p.rating === undefined ? p.name : `${p.name} (${rating_text(p.rating)}${p.provisional ? '?' : ''})`;
    }
    // Your games in play and your open invites: the server lists both on every
    // lobby.sub, so they are here again after a visit to another page.
    function render_resume() {
        clear(resume_el);
        if (your_rooms && your_rooms.length) resume_el.append(h('h3', {}, 'Your games'),
            h('ul', {class: 'list'}, your_rooms.map((r) => h('li', {}, h('a', {href: `#/game/${r}`, 'data-test': 'resume'}, `Return to game ${r}`)))));
        if (invites.size) resume_el.append(h('h3', {}, invites.size === 1 ? 'Invite link' : 'Invite links'),
            h('ul', {class: 'list invites'}, [...invites.values()].map(invite_item)));
    }
    function invite_item(d) {
        const url = `${location.origin}${location.pathname}${d.path.replace(/^\//, '')}`;
        const copy = h('button', {class: 'btn small', type: 'button', 'data-test': 'invite-copy', onclick: () => copy_text(url, copy)}, 'Copy');
        return h('li', {'data-test': 'invite', 'data-code': d.code},
            h('span', {class: 'what'}, `${game_names[d.game] || d.game} · ${tc_text(d.tc)}`),
            h('input', {class: 'invite-url', readonly: true, value: url, 'aria-label': 'invite link', onfocus: (e) => e.target.select()}),
            copy,
            h('button', {class: 'btn small', type: 'button', 'data-test': 'invite-cancel', onclick: () => socket.request('invite.cancel', {code: d.code})
                .then(() => { invites.delete(d.code); render_resume(); }).catch((e) => toast(e.message, 'error'))}, 'Cancel invite'));
    }

    offs.push(socket.on('ready', () => {
        socket.send('lobby.sub');
        for (const g of game_ids) socket.send('live.sub', {game: g});
        your_rooms = socket.rooms || [];
        render_resume();
    }));
    offs.push(socket.on('lobby.yours', (d) => {
        your_rooms = d.rooms || [];
        if (d.invites) { invites.clear(); for (const i of d.invites) invites.set(i.code, i); }
        render_resume();
    }));
    offs.push(socket.on('lobby.snapshot', (d) => {
        seeks.clear();
        for (const sk of d.seeks || []) seeks.set(sk.id, sk);
        counts = d.counts || counts;
        render_seeks(); render_counts();
    }));
    offs.push(socket.on('seek.add', (d) => { seeks.set(d.seek.id, d.seek); render_seeks(); }));
    offs.push(socket.on('seek.created', (d) => { seeks.set(d.seek.id, d.seek); render_seeks(); toast('Seek created: waiting for an opponent'); }));
    offs.push(socket.on('seek.remove', (d) => { seeks.delete(d.id); render_seeks(); }));
    offs.push(socket.on('counts', (d) => { counts = d; render_counts(); }));
    offs.push(socket.on('live.snapshot', (d) => {
        for (const [k, r] of live) if (r.game === d.game) live.delete(k);
        for (const r of d.rooms || []) live.set(r.room, r);
        render_live();
    }));
    offs.push(socket.on('live.add', (d) => { live.set(d.room.room, d.room); render_live(); }));
    offs.push(socket.on('live.update', (d) => {
        const r = live.get(d.room);
        if (!r) return;
        r.plies = d.plies;
        r.spectators = d.spectators;
        render_live();
    }));
    offs.push(socket.on('live.remove', (d) => { live.delete(d.room); render_live(); }));
    offs.push(socket.on('quick.queued', (d) => {
        queued = d;
        clear(queue_el).append(`Looking for a ${game_names[d.game]} ${tc_text(d.tc)} opponent (${d.waiting} waiting)… `,
            h('button', {class: 'btn small', onclick: () => socket.send('quick.leave')}, 'Stop'));
    }));
    offs.push(socket.on('quick.left', () => { queued = null; clear(queue_el); }));
    offs.push(socket.on('invite.created', (d) => {
        toast('Invite created: send the link to a friend');
        invites.set(d.code, d);
        render_resume();
    }));
    render_counts(); render_seeks(); render_live();
    const tv_off = mount_tv(tv_host);

    return () => {
        offs.forEach((f) => f());
        tv_off();
        if (socket.is_ready()) {
            socket.send('lobby.unsub');
            for (const g of game_ids) socket.send('live.unsub', {game: g});
            if (queued) socket.send('quick.leave');
        }
    };
}
