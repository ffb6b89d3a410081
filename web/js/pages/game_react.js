// What a room event means to the one watching, besides the redraw: the
// sound, the line read out to a screen reader, the "your move"
// notification, a toast for a refused offer, where a spectator is taken
// (the rematch), and the takeback flag. A pure function: the controller
// (game_ctrl.js) carries the answer out.
import {capitalise} from '../ui/dom.js';
import {game_names} from '../catalogue.js';
import {colour_of} from './game_panels.js';
import {t, locale} from '../i18n/i18n.js';

// `what`, `d`: the room_sync change; `f`: {st (the room's state), seat (null:
// a spectator), my_turn, last (the last move's cells), room, started (the
// start sound was played)}. Every field of the answer is optional.
export function reaction(what, d, {st, seat, my_turn, last, room, started}) {
    const out = {};
    if (what === 'state' && !started && st.status.state === 'playing' && !(st.moves || []).length) { out.sound = 'start'; out.started = true; }
    if (what === 'move' && d) {
        out.sound = last && last.affected && last.affected.length ? 'capture' : 'move';
        // One's own move too: the confirmation a keyboard player hears that Enter played it.
        const who = seat !== null && d.seat === seat ? null : capitalise(colour_of(st, d.seat));
        out.announce = move_in_words(who, d.move, last);
        if (my_turn) {
            out.notify = {title: `${t('game.your_move')} · ${game_names[st.game] || st.game}`,
                body: t('announce.side_played', {side: capitalise(colour_of(st, d.seat)), move: d.move}), tag: `kibitz-${room}`};
        }
        out.takeback_declined = false;
    }
    if (what === 'end') out.sound = 'end';
    // The one who offered is told of a refusal (the offer just disappears otherwise).
    if (what === 'offer' && d && d.state === 'declined' && d.by === seat && d.kind !== 'takeback')
        out.toast = d.kind === 'draw' ? t('game.offer_declined') : t('game.rematch_declined');
    if (what === 'offer' && d && d.kind === 'takeback' && d.by === seat) out.takeback_declined = d.state === 'declined';
    // Spectators follow the players into the rematch, as the players
    // themselves are; one who opens the finished game once its rematch has
    // started is taken there too (in place: Back does not return to a page
    // that would send them on again).
    if (what === 'rematch' && seat === null && st.rematch_next) out.go = {hash: `#/game/${st.rematch_next}`};
    if (what === 'state' && seat === null && st.rematch_next && st.status.state !== 'playing') out.go = {hash: `#/game/${st.rematch_next}`, replace: true};
    if (what === 'takeback' && d) {
        out.sound = 'move';
        out.truncate = d.ply;
        out.announce = t('announce.takeback', {count: d.plies});
    }
    return out;
}

// Where a page whose room is gone goes: a finished game's link opens its
// replay, and a spectator is taken on to its rematch; null: stay (and say the error).
export function gone_to(sync, me, room) {
    if (!sync.error || !sync.stored) return null;
    if (sync.stored_rematch && !sync.stored_players.includes(me && me.name)) return `#/game/${encodeURIComponent(sync.stored_rematch)}`;
    return `#/replay/${encodeURIComponent(room)}`;
}

// "Black played 22x15, from 22 to 15, hitting 18": the move as the board
// showed it (its cells), for a screen reader.
export function move_in_words(who, text, last) {
    const path = (last && last.path) || [], hit = (last && last.affected) || [];
    const list = (ids) => new Intl.ListFormat(locale(), {type: 'conjunction'}).format(ids);
    let words = who === null ? t('announce.you_played', {move: text}) : t('announce.side_played', {side: who, move: text});
    if (path.length > 2) words += t('announce.from_via_to', {from: path[0], via: list(path.slice(1, -1)), to: path[path.length - 1]});
    else if (path.length > 1) words += t('announce.from_to', {from: path[0], to: path[path.length - 1]});
    if (hit.length) words += t('announce.hitting', {cells: list(hit)});
    return words;
}
