// Earlier positions of a game in play, to browse without leaving it: the
// boards after every ply as the server's rules core replayed them (GET
// /api/games/<id>; none on a server without a database). Asked again only
// when the game has moved past what is held.
import {api} from '../net/http.js';

export function game_history(room) {
    let rec = null;

    async function load(plies) {
        if (rec && rec.boards.length >= plies) return rec;
        const r = await api('GET', `/api/games/${encodeURIComponent(room)}`);
        if (r && !r.error && r.start && r.boards) rec = {start: r.start, boards: r.boards, moves: r.moves || []};
        return rec && rec.boards.length >= plies ? rec : null;
    }

    return {
        // A takeback: only the first `ply` plies stand (later ones are asked again).
        truncate(ply) {
            if (!rec) return;
            rec.boards = rec.boards.slice(0, ply);
            rec.moves = rec.moves.slice(0, ply);
        },
        // The board after `ply` plies (0: the start) with the marks of the move
        // that led there, in a game of `plies` so far; null when not known.
        async at(ply, plies) {
            const r = await load(plies);
            if (!r) return null;
            const board_at = (i) => (i === 0 ? r.start : r.boards[i - 1]);
            const before = ply > 0 ? board_at(ply - 1) : null;
            const m = before && (before.moves || []).find((x) => x.text === r.moves[ply - 1]);
            return {pieces: board_at(ply).pieces, marks: m ? {last: m.path, affected: m.affected || []} : {}};
        },
    };
}
