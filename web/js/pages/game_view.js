// The game page's panels, drawn from a room's state: players and clocks, the
// move list, the controls a player may use now, chat and the result banner.
import {h, clear, tc_text, rating_text, capitalise} from '../ui/dom.js';
import {clock_ms, first_move_ms, format_ms, is_low} from '../ui/clock.js';
import {game_names, game_info, side_colour} from '../catalogue.js';

// "a draw", "an end by agreement": the catalogue names what agreeing ends in.
function with_article(noun) { return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`; }

export function player_box(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat) || {seat, name: '?'};
    const turn = st.status.state === 'playing' && st.board.to_move === seat;
    return h('div', {class: `player seat-${seat}${turn ? ' turn' : ''}`, 'data-seat': seat},
        colour_dot(side_colour(st.game, p.color), p.color),
        h('a', {class: 'name', href: `#/player/${encodeURIComponent(p.name)}`}, p.name),
        h('span', {class: 'rating'}, rating_text(p.rating)),
        p.connected === false ? h('span', {class: 'away', title: 'disconnected'}, 'away') : null,
        h('span', {class: 'first-move', 'data-first': seat}),
        h('span', {class: 'clock', 'data-clock': seat, role: 'timer', 'aria-label': `${p.color} clock`}, ''));
}

// Refreshes every clock on the page; cheap, so called each animation frame.
export function tick_clocks(root, st) {
    if (!st) return;
    const now = performance.now();
    for (const el of root.querySelectorAll('[data-clock]')) {
        const seat = Number(el.dataset.clock);
        if (!st.clocks) { el.textContent = ''; el.hidden = true; continue; }
        const ms = clock_ms(st.clocks, st.clocks_at, seat, now);
        el.textContent = format_ms(ms);
        el.classList.toggle('running', st.clocks.running === seat && st.status.state === 'playing');
        el.classList.toggle('low', is_low(ms, st.clocks));
    }
    for (const el of root.querySelectorAll('[data-first]')) {
        const seat = Number(el.dataset.first);
        const fm = st.status.state === 'playing' && st.board.to_move === seat ? first_move_ms(st.clocks, st.clocks_at, now) : null;
        el.textContent = fm === null ? '' : `first move: ${Math.ceil(fm / 1000)} s`;
    }
}

export function move_list(st, ply_index, on_pick) {
    const ol = h('ol', {class: 'moves', 'data-test': 'moves', 'aria-label': 'moves'});
    (st.moves || []).forEach((m, i) => {
        ol.append(h('li', {class: i === ply_index ? 'current' : '', 'data-ply': i + 1,
            onclick: on_pick ? () => on_pick(i + 1) : null}, m));
    });
    return ol;
}

export function colour_of(st, seat) {
    const p = (st.players || []).find((x) => x.seat === seat);
    return p ? p.color : `seat ${seat}`;
}

export function result_text(st) {
    const s = st.status;
    if (s.state === 'aborted') return `Game aborted${s.reason ? ` (${s.reason})` : ''}`;
    if (s.state !== 'over') return '';
    const who = s.winner >= 0 ? `${capitalise(colour_of(st, s.winner))} wins` : 'Draw';
    return `${who}${s.reason ? ` — ${s.reason}` : ''}`;
}

export function title_text(st) {
    return `${game_names[st.game] || st.game} · ${tc_text(st.tc)} · ${st.rated ? 'rated' : 'casual'}${st.private ? ' · private' : ''}`;
}

// The buttons a seated player may press now; `act(type)` sends the command.
export function controls(st, seat, act) {
    const box = h('div', {class: 'controls', 'data-test': 'controls'});
    const other = 1 - seat;
    const playing = st.status.state === 'playing';
    const agreed = (game_info(st.game) || {}).agreed_end || 'draw';
    if (playing) {
        if ((st.moves || []).length < 2) box.append(btn('Abort', 'abort', act));
        else box.append(btn('Resign', 'resign', act, 'danger'));
        const draw = st.offers ? st.offers.draw : -1;
        const offer_label = `Offer ${with_article(agreed)}`;
        if (draw === -1) box.append(btn(offer_label, 'draw.offer', act));
        else if (draw === seat) box.append(h('span', {class: 'muted', 'data-test': 'offer-sent'}, `${capitalise(agreed)} offered`));
        else box.append(h('span', {class: 'offer', 'data-test': 'offer-received'}, `Opponent offers ${with_article(agreed)}: `),
            btn('Accept', 'draw.accept', act, 'primary'), btn('Decline', 'draw.decline', act));
        const opp = (st.players || []).find((p) => p.seat === other);
        if (opp && opp.connected === false) {
            const wait = opp.claim_at ? Math.max(0, opp.claim_at - performance.now()) : 0;
            box.append(h('span', {class: 'muted'}, wait > 0 ? `Opponent left; you may claim in ${Math.ceil(wait / 1000)} s` : 'Opponent left: '),
                btn('Claim win', 'claim.win', act), btn('Claim draw', 'claim.draw', act));
        }
    } else {
        const r = (st.offers && st.offers.rematch) || [false, false];
        if (st.rematch_next) box.append(h('a', {class: 'btn primary', href: `#/game/${st.rematch_next}`}, 'Go to the rematch'));
        else if (r[other] && !r[seat]) box.append(h('span', {class: 'offer'}, 'Opponent wants a rematch: '),
            btn('Accept rematch', 'rematch.accept', act, 'primary'), btn('Decline', 'rematch.decline', act));
        else if (r[seat]) box.append(h('span', {class: 'muted'}, 'Rematch offered'));
        else box.append(btn('Rematch', 'rematch.offer', act, 'primary'));
    }
    return box;
}

function btn(label, type, act, cls = '') {
    return h('button', {class: `btn ${cls}`, 'data-action': type, onclick: () => act(type)}, label);
}

export function chat_box(st, on_send, spectator) {
    const log = h('ul', {class: 'chat-log', 'aria-live': 'polite', 'data-test': 'chat-log'},
        (st.chat || []).map((c) => h('li', {}, h('b', {}, c.from), ' ', c.text)));
    const input = h('input', {type: 'text', maxlength: 300, placeholder: spectator ? 'Chat with spectators' : 'Chat with your opponent', 'aria-label': 'chat message', 'data-test': 'chat-input'});
    const form = h('form', {class: 'chat-form', onsubmit: (ev) => {
        ev.preventDefault();
        const text = input.value.trim();
        if (text) { on_send(text); input.value = ''; }
    }}, input, h('button', {class: 'btn small', type: 'submit'}, 'Send'));
    requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
    return h('section', {class: 'chat'}, h('h3', {}, spectator ? 'Spectators\' chat' : 'Players\' chat'), log, form);
}

// Set through the CSSOM: the Content-Security-Policy refuses style attributes.
function colour_dot(colour, name) {
    const dot = h('span', {class: `dot colour-${name}`, title: name});
    if (colour) dot.style.background = colour;
    return dot;
}
