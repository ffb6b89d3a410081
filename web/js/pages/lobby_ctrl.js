// The home page's controller: it owns the page's state (`s`, changed only by
// the methods here): the open seeks, the games in play (lobby_live.js's
// model), the featured game, your games and invites, the online counts, the
// quick-pairing queue, what the forms are set to, and the lessons' one-line
// summaries. The server's lobby messages and the visitor's intents change
// it; after each change one redraw patches the view (lobby_view.js) in.
// Runs on the page's thread.
import {socket} from '../net/socket.js';
import {toast} from '../ui/dom.js';
import {copy_text} from '../ui/copy.js';
import {game_ids, game_names} from '../catalogue.js';
import {live_games} from './lobby_live.js';
import {learn_data} from './learn_data.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

// A form's time control: 'none' (untimed), 'custom' (minutes and increment
// typed in), "days:N" (correspondence, 0: unlimited), or "initial+increment" in seconds.
export function tc_of(value, minutes, increment) {
    if (value === 'none') return null;
    if (value.startsWith('days:')) return {days: Number(value.slice(5))};
    if (value === 'custom') return {initial_s: Math.round(Number(minutes) * 60), increment_s: Math.round(Number(increment))};
    const [a, b] = value.split('+').map(Number);
    return {initial_s: a, increment_s: b};
}

export class lobby_ctrl {
    // `first_visit`: the lessons come first; `redraw_view(ctrl)` patches the view in.
    constructor(first_visit, redraw_view) {
        const first = game_ids[0];
        this.s = {
            first_visit,
            seeks: new Map(), live: live_games(), tv: null,
            invites: new Map(),        // code -> open invite of yours (as invite.created showed it)
            copied: new Set(),         // invite codes whose link was copied
            your_rooms: socket.rooms || [], counts: {players: 0, games: 0}, queued: null,
            summaries: {},             // game id -> its one-line summary (learn data)
            quick_game: first,
            seek: {game: first, tc: '300+3', minutes: 5, increment: 3, rated: 'casual', colour: 'random'},
            computer: {game: first, level: '2', tc: 'none', colour: 'random'},
        };
        this.redraw_view_ = redraw_view;
        this.queued_ = false;
        for (const g of game_ids) learn_data(g).then((d) => { if (d) { this.s.summaries = {...this.s.summaries, [g]: d.summary}; this.redraw(); } });
    }

    // -- the visitor's intents --
    set_quick_game(g) { this.s.quick_game = g; this.redraw(); }
    // A field of the seek form or the computer form; another game resets the colour.
    set_field(form, field, value) {
        const f = {...this.s[form], [field]: value};
        if (field === 'game') f.colour = 'random';
        this.s[form] = f;
        this.redraw();
    }
    create_seek() { socket.request('seek.create', this.seek_settings_()).catch(fail); }
    create_invite() { socket.request('invite.create', this.seek_settings_()).catch(fail); }
    play_computer() {
        const f = this.s.computer;
        socket.request('computer.play', {game: f.game, level: Number(f.level), tc: tc_of(f.tc), color: f.colour}).catch(fail);
    }
    accept_seek(id) { socket.request('seek.accept', {id}).catch(fail); }
    cancel_seek(id) { socket.request('seek.cancel', {id}).catch(fail); }
    // `tc`: a live {initial_s, increment_s} or a correspondence {days} pool.
    join_quick(tc) { socket.request('quick.join', {game: this.s.quick_game, tc}).catch(fail); }
    leave_quick() { socket.send('quick.leave'); }
    copy_invite(code, url) { copy_text(url).then((ok) => { if (ok) { this.s.copied.add(code); this.redraw(); } }); }
    cancel_invite(code) {
        socket.request('invite.cancel', {code}).then(() => { this.s.invites.delete(code); this.redraw(); }).catch(fail);
    }

    seek_settings_() {
        const f = this.s.seek;
        return {game: f.game, tc: tc_of(f.tc, f.minutes, f.increment), rated: f.rated === 'rated', color: f.colour};
    }

    // -- the server's messages --
    ready() {
        socket.send('lobby.sub');
        for (const g of game_ids) socket.send('live.sub', {game: g});
        this.s.your_rooms = socket.rooms || [];
        this.redraw();
    }
    yours(d) {
        this.s.your_rooms = d.rooms || [];
        if (d.invites) { this.s.invites.clear(); for (const i of d.invites) this.s.invites.set(i.code, i); }
        this.redraw();
    }
    snapshot(d) {
        this.s.seeks.clear();
        for (const sk of d.seeks || []) this.s.seeks.set(sk.id, sk);
        this.s.counts = d.counts || this.s.counts;
        this.featured(d.tv || null);
    }
    seek_added(d, mine) {
        this.s.seeks.set(d.seek.id, d.seek);
        if (mine) toast(t('lobby.seek_created'));
        this.redraw();
    }
    seek_removed(d) { this.s.seeks.delete(d.id); this.redraw(); }
    counted(d) { this.s.counts = d; this.redraw(); }
    // live.snapshot, live.add, live.update, live.remove: the model takes each.
    live(kind, d) {
        const live = this.s.live;
        if (kind === 'snapshot') live.snapshot(d);
        else if (kind === 'add') live.add(d.room, d.total);
        else if (kind === 'update') live.update(d);
        else live.remove(d.room, d.game, d.total);
        this.redraw();
    }
    queue(d) { this.s.queued = d; this.redraw(); }
    invite_created(d) {
        toast(t('lobby.invite_created'));
        this.s.invites.set(d.code, d);
        this.redraw();
    }
    // A friend declined an invite of yours: it is closed (schema/protocol.md).
    invite_declined(d) {
        this.s.invites.delete(d.code);
        this.redraw();
        toast(t('lobby.invite_declined', {name: d.by.name, game: game_names[d.game] || d.game}));
    }
    // The featured game (`tv` in schema/protocol.md): another game, or none.
    featured(summary) {
        const now = this.s.tv;
        if (summary && now && summary.room === now.room) { this.tv_update(summary); return; }
        this.s.tv = summary ? {...summary} : null;
        this.redraw();
    }
    // tv.update: the featured game moved.
    tv_update(d) {
        const tv = this.s.tv;
        if (!tv || d.room !== tv.room) return;
        this.s.tv = {...tv, plies: d.plies, spectators: d.spectators, ...(d.board ? {board: d.board} : {}), ...('last' in d ? {last: d.last} : {})};
        this.redraw();
    }

    // The clocks of the games in play count down between updates.
    tick() { if (this.s.live.ticking()) this.redraw(); }

    leave() {
        if (!socket.is_ready()) return;
        socket.send('lobby.unsub');
        for (const g of game_ids) socket.send('live.unsub', {game: g});
        if (this.s.queued) socket.send('quick.leave');
    }

    // One redraw for a burst of messages.
    redraw() {
        if (this.queued_) return;
        this.queued_ = true;
        queueMicrotask(() => { this.queued_ = false; this.redraw_view_(this); });
    }
}

const fail = (e) => toast(error_text(e), 'error');
