// The scenarios' oracle for a puzzle's line: the shipped set on disk
// (schema/puzzles/<game>.jsonl). The server serves no line over HTTP
// (security review F11), and a person solving a puzzle does not read one:
// the test knows the answer so that it can click it.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema/puzzles');
const by_game = new Map();

export function shipped_puzzle(id) {
    const game = id.slice(0, id.indexOf('-'));
    if (!by_game.has(game)) {
        const list = fs.readFileSync(path.join(dir, `${game}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
        by_game.set(game, new Map(list.map((p) => [p.id, p])));
    }
    const found = by_game.get(game).get(id);
    if (!found) throw new Error(`no shipped puzzle ${id}`);
    return found;
}
