// Picks one of the server's legal moves, cell by cell. It never decides what
// is legal: it only filters the given move list by path prefix. A multi-jump
// or chain attack is chosen landing by landing; where a legal move ends at the
// current landing while others go on, the player may stop there (click the
// landing again, or the "stop here" button).
function starts_with(path, prefix) {
    if (path.length < prefix.length) return false;
    for (let i = 0; i < prefix.length; ++i) if (path[i] !== prefix[i]) return false;
    return true;
}

export class move_picker {
    constructor() { this.moves = []; this.prefix = []; }

    set_moves(moves) { this.moves = moves || []; this.prefix = []; }
    reset() { this.prefix = []; }

    candidates() { return this.moves.filter((m) => starts_with(m.path, this.prefix)); }
    // Cells where a move can begin.
    starts() { return new Set(this.moves.map((m) => m.path[0])); }
    // Cells that continue the current prefix.
    next() {
        const n = this.prefix.length;
        if (!n) return new Set();
        return new Set(this.candidates().filter((m) => m.path.length > n).map((m) => m.path[n]));
    }
    // Moves that end exactly at the current prefix (only once something is picked).
    finishing() {
        if (!this.prefix.length) return [];
        return this.candidates().filter((m) => m.path.length === this.prefix.length);
    }

    // The outcome of activating `cell`: {action: 'none'|'select'|'deselect'|'move'|'choose', ...}
    activate(cell) {
        const p = this.prefix;
        if (p.length && cell === p[p.length - 1]) {
            const fin = this.finishing();
            if (fin.length) return this.done_(fin);
            if (p.length === 1) { this.prefix = []; return {action: 'deselect'}; }
            return {action: 'none'};
        }
        if (p.length && this.next().has(cell)) return this.extend_(cell);
        // A new start (also how another piece is picked mid-selection).
        const had = p.length > 0;
        this.prefix = [];
        if (!this.starts().has(cell)) return {action: had ? 'deselect' : 'none'};
        return this.extend_(cell);
    }

    extend_(cell) {
        this.prefix = [...this.prefix, cell];
        if (this.next().size === 0) return this.done_(this.finishing());
        return {action: 'select', prefix: this.prefix, next: this.next(), finishing: this.finishing()};
    }

    done_(moves) {
        this.prefix = [];
        if (moves.length === 1) return {action: 'move', move: moves[0]};
        return {action: 'choose', moves};
    }
}
