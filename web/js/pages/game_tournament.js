// The event of a tournament game, on its game page: follows the event
// (tournament.sub, then its tournament.state) so the page can say which
// event this is (its name, a link back, the arena's time left or the Swiss
// round, the player's rank and score), and brings a player back to the
// event once their game is over (as lichess does; the next pairing's
// game.found then takes them on from wherever they are, app.js). Following
// the event from the game page also keeps a player present for it on a
// cluster's leader (the server counts every open connection of a player
// on its own node). `changed()` asks for a redraw; close() stops it all.
import {socket} from '../net/socket.js';
import {t as tr} from '../i18n/i18n.js';  // `t` names a tournament in this file's callers

// How long the result stays on screen before the way back to the event.
export const back_after_ms = 3000;

export class game_tournament {
    constructor(id, changed) {
        this.id = id;
        this.about = null;      // the event (tournament.state's `tournament`)
        this.mine = null;       // the player's own standing, if among the first 100
        this.offset = 0;        // server time minus this clock
        this.back_at = 0;       // when the page goes back to the event (0: it does not)
        this.changed_ = changed;
        this.me_ = socket.user && socket.user.id;
        this.back_timer_ = 0;
        this.stayed = false;    // the player chose to stay on the finished game
        this.offs_ = [
            socket.on('ready', (user) => {
                this.me_ = user && user.id;
                // Over (no longer open): what the store kept, for its name.
                socket.request('tournament.sub', {id}).catch(() => fetch(`/api/tournament/${encodeURIComponent(id)}`)
                    .then((r) => (r.ok ? r.json() : null))
                    .then((d) => { if (d && !this.about) { this.about = d.tournament; changed(); } })
                    .catch(() => {}));
            }),
            socket.on('identity', (d) => { this.me_ = d.user.id; }),
            socket.on('tournament.state', (d) => {
                if (d.tournament.id !== id) return;
                this.about = d.tournament;
                this.mine = d.standings.find((s) => s.player.id === this.me_) || null;
                this.offset = d.server_time - Date.now();
                changed();
            }),
        ];
        // The arena's time left ticks.
        this.tick_ = setInterval(() => { if (this.about && this.about.status === 'started') changed(); }, 1000);
    }

    now() { return Date.now() + this.offset; }

    // Whether the player has left the event (withdrawn or paused): then
    // nothing takes them back.
    away() { return !!this.mine && (this.mine.state === 'withdrawn' || this.mine.state === 'paused'); }

    // The player's game just ended: back to the event after a moment, unless
    // they stay or leave the page first.
    game_over() {
        if (this.back_at || this.stayed || this.away()) return;
        this.back_at = Date.now() + back_after_ms;
        this.back_timer_ = setTimeout(() => {
            if (location.hash.startsWith('#/game/')) location.hash = `#/tournament/${this.id}`;
        }, back_after_ms);
        this.changed_();
    }
    stay() {
        clearTimeout(this.back_timer_);
        this.back_at = 0;
        this.stayed = true;
        this.changed_();
    }
    pause() {
        this.stay();
        socket.request('tournament.pause', {id: this.id}).catch(() => {});
    }

    close() {
        clearTimeout(this.back_timer_);
        clearInterval(this.tick_);
        this.offs_.forEach((off) => off());
        socket.send('tournament.unsub', {id: this.id});
    }
}

function countdown(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

// "Ends in 4:12" (an arena), "Round 2 of 3" (a Swiss), "Finished".
export function event_when(ev, now) {
    if (ev.status === 'finished') return tr('event.finished');
    if (ev.status === 'created') return tr('event.starts_in', {time: countdown(ev.starts_ms - now)});
    if (ev.kind === 'swiss') return tr('event.round_of', {round: ev.round, rounds: ev.rounds});
    return tr('event.ends_in', {time: countdown(ev.ends_ms - now)});
}

// "#2 · 4 points" (a Swiss counts half points).
export function my_place(ev, mine) {
    if (!mine) return '';
    const score = ev.kind === 'swiss' ? mine.score / 2 : mine.score;
    return tr('event.my_place', {rank: mine.rank, count: score});
}
