// Boards of games this browser saw from their first move, by room id, so a
// finished game can be replayed even when the server offers no game-record
// endpoint (a room's events carry the boards after each move, but not the
// start position; only a room.state at ply 0 does).
const prefix = 'kibitz.replay.';
const keep = 20;

function load(room) {
    try { return JSON.parse(localStorage.getItem(prefix + room)); } catch { return null; }
}
function save(room, rec) {
    try { localStorage.setItem(prefix + room, JSON.stringify(rec)); } catch { prune(1); }
}
function prune(extra = 0) {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(prefix));
    keys.sort((a, b) => (load(a.slice(prefix.length))?.at || 0) - (load(b.slice(prefix.length))?.at || 0));
    for (const k of keys.slice(0, Math.max(0, keys.length - keep + extra))) localStorage.removeItem(k);
}

export function cache_start(room, state) {
    if (load(room)) return;
    const b = state.board;
    save(room, {at: Date.now(), game: state.game, players: state.players, tc: state.tc,
        start: {layout: b.layout, width: b.width, height: b.height, cells: b.cells, pieces: b.pieces, to_move: b.to_move,
            moves: slim(b.moves)},
        moves: [], boards: []});
    prune();
}

function slim(moves) { return (moves || []).map((m) => ({text: m.text, path: m.path, affected: m.affected})); }

export function cache_move(room, ply, text, board) {
    const rec = load(room);
    if (!rec || rec.boards.length !== ply - 1) return;
    rec.moves.push(text);
    rec.boards.push({pieces: board.pieces, to_move: board.to_move, moves: slim(board.moves)});
    save(room, rec);
}

// A takeback: only the first `ply` moves stand.
export function cache_truncate(room, ply) {
    const rec = load(room);
    if (!rec || rec.moves.length < ply) return;
    rec.moves.length = ply;
    rec.boards.length = ply;
    save(room, rec);
}

export function cache_finish(room, moves, status) {
    const rec = load(room);
    if (!rec) return;
    rec.status = status;
    save(room, rec);
}

export function cached_replay(room) {
    const rec = load(room);
    if (!rec || !rec.moves || rec.boards.length !== rec.moves.length) return null;
    return rec;
}
