// Lobby: quick pairing, the create-seek form, live seeks, games in play to
// watch as mini boards, online counts, and your games and invites to return
// to. What changes is patched in as views (lobby_views.js, lobby_live.js):
// no panel is rebuilt by hand, so focus and typed text survive updates.
import {socket} from '../net/socket.js';
import {computer_card} from './computer_form.js';
import {learn_card} from './learn.js';
import {h, clear, presets, toast, capitalise} from '../ui/dom.js';
import {game_names, game_ids, colour_names} from '../catalogue.js';
import {view_root} from '../ui/vdom.js';
import {copy_text} from '../ui/copy.js';
import {mount_tv} from './tv.js';
import {quick_view, seeks_view, yours_view} from './lobby_views.js';
import {live_games, live_view} from './lobby_live.js';

// Whether this browser has seen the home page before (remembered from now on).
function seen_before() {
    try {
        const seen = localStorage.getItem('kibitz.home_seen') === '1';
        localStorage.setItem('kibitz.home_seen', '1');
        return seen;
    } catch { return true; }  // no storage: keep the usual order
}

// One sentence on what the site is, naming the games from the catalogue.
function intro() {
    const names = game_ids.map((g) => game_names[g]);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');
    return h('section', {class: 'card intro', 'data-test': 'intro'},
        h('p', {class: 'lead'}, `Kibitz is a free place to play abstract board games online — ${list} — against people or the computer, to watch live games and to learn each game from short lessons.`));
}

export function mount(el) {
    const seeks = new Map();
    const live = live_games();
    const invites = new Map();    // code -> open invite of yours (as invite.created showed it)
    const copied = new Set();     // invite codes whose link was copied
    let your_rooms = socket.rooms || [];
    let counts = {players: 0, games: 0};
    let queued = null;
    const offs = [];

    const counts_el = h('p', {class: 'counts', 'data-test': 'counts'});
    const views = {};
    const host = (name, attrs = {}) => { const el = h('div', attrs); views[name] = view_root(el); return el; };
    const tv_host = h('div', {class: 'tv-host'});

    // Quick pairing: pick a game, then a time control.
    const quick_game = select('quick-game', game_ids.map((g) => [g, game_names[g]]));
    quick_game.addEventListener('change', () => render_quick());

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

    // A first visit opens with what the site is and the lessons, above the
    // ways to play; afterwards the lessons move to the end.
    const first_visit = !seen_before();
    el.append(h('h1', {class: 'sr-only'}, 'Play'), h('div', {class: 'lobby'},
        intro(),
        first_visit ? learn_card({wide: true}) : null,
        computer_card(),
        h('section', {class: 'card'}, h('h2', {}, 'Quick pairing'), field('Game', quick_game), host('quick')),
        tv_host,
        h('section', {class: 'card'}, h('h2', {}, 'Create a game'), form),
        h('section', {class: 'card'}, h('h2', {}, 'Open seeks'), host('seeks')),
        h('section', {class: 'card side'}, counts_el, host('yours')),
        h('section', {class: 'card live-card'}, h('h2', {}, 'Games in play'), host('live')),
        first_visit ? null : learn_card()));

    function field(label, ...inputs) { return h('label', {class: 'field'}, h('span', {}, label), ...inputs); }
    function select(name, opts) { return h('select', {name, 'data-test': name}, opts.map(([v, t]) => h('option', {value: v}, t))); }
    const fail = (e) => toast(e.message || e.code, 'error');

    function read_tc() {
        if (f_tc.value === 'none') return null;
        if (f_tc.value === 'custom') return {initial_s: Math.round(Number(f_min.value) * 60), increment_s: Math.round(Number(f_inc.value))};
        const [a, b] = f_tc.value.split('+').map(Number);
        return {initial_s: a, increment_s: b};
    }
    function settings() {
        return {game: f_game.value, tc: read_tc(), rated: f_rated.value === 'rated', color: f_colour.value};
    }
    function create_seek() { socket.request('seek.create', settings()).catch(fail); }
    function create_invite() { socket.request('invite.create', settings()).catch(fail); }

    const quick_actions = {
        join: (initial_s, increment_s) => socket.request('quick.join', {game: quick_game.value, tc: {initial_s, increment_s}}).catch(fail),
        leave: () => socket.send('quick.leave'),
    };
    const invite_actions = {
        copy: (code, url) => copy_text(url).then((ok) => { if (ok) { copied.add(code); render_yours(); } }),
        cancel: (code) => socket.request('invite.cancel', {code}).then(() => { invites.delete(code); render_yours(); }).catch(fail),
    };

    function render_quick() { views.quick.update(quick_view(quick_game.value, counts, queued, quick_actions)); }
    function render_counts() {
        render_quick();
        counts_el.textContent = `${counts.players} player${counts.players === 1 ? '' : 's'} online · ${counts.games} game${counts.games === 1 ? '' : 's'} in play`;
    }
    function render_seeks() {
        views.seeks.update(seeks_view(seeks, socket.user, (t, id) => socket.request(t, {id}).catch(fail)));
    }
    function render_yours() { views.yours.update(yours_view(your_rooms, live.rooms, invites, copied, socket.user, invite_actions)); }
    function render_live() { views.live.update(live_view(live)); }
    function live_changed() { render_live(); if (your_rooms.length) render_yours(); }

    offs.push(socket.on('ready', () => {
        socket.send('lobby.sub');
        for (const g of game_ids) socket.send('live.sub', {game: g});
        your_rooms = socket.rooms || [];
        render_yours();
    }));
    offs.push(socket.on('lobby.yours', (d) => {
        your_rooms = d.rooms || [];
        if (d.invites) { invites.clear(); for (const i of d.invites) invites.set(i.code, i); }
        render_yours();
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
    offs.push(socket.on('live.snapshot', (d) => { live.snapshot(d); live_changed(); }));
    offs.push(socket.on('live.add', (d) => { live.add(d.room, d.total); live_changed(); }));
    offs.push(socket.on('live.update', (d) => { live.update(d); render_live(); }));
    offs.push(socket.on('live.remove', (d) => { live.remove(d.room, d.game, d.total); live_changed(); }));
    offs.push(socket.on('quick.queued', (d) => { queued = d; render_quick(); }));
    offs.push(socket.on('quick.left', () => { queued = null; render_quick(); }));
    offs.push(socket.on('invite.created', (d) => {
        toast('Invite created: send the link to a friend');
        invites.set(d.code, d);
        render_yours();
    }));
    offs.push(socket.on('invite.declined', (d) => {
        invites.delete(d.code);
        render_yours();
        toast(`${d.by.name} declined your invitation to play ${game_names[d.game] || d.game}`);
    }));
    render_counts(); render_seeks(); render_live(); render_yours();
    const tv_off = mount_tv(tv_host);
    // The clocks of the games in play count down between updates.
    const clock_timer = setInterval(() => { if (live.ticking()) render_live(); }, 500);

    return () => {
        offs.forEach((f) => f());
        tv_off();
        clearInterval(clock_timer);
        if (socket.is_ready()) {
            socket.send('lobby.unsub');
            for (const g of game_ids) socket.send('live.unsub', {game: g});
            if (queued) socket.send('quick.leave');
        }
    };
}
