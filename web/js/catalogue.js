// The game catalogue (schema/protocol.md, "The game catalogue"): the only way
// the client learns which games exist, their names, sides, board shapes and
// notation. Loaded from GET /api/games before the first page is drawn, and
// refreshed from every `welcome`. The exported containers are filled in place,
// so a page that imported them sees the current list.
import {api} from './net/http.js';
import {t} from './i18n/i18n.js';

export const game_ids = [];      // in the server's order; the first is the default
export const game_names = {};    // id -> name for people, in the page's language
export const colour_names = {};  // id -> [seat 0's side name, seat 1's]
const entries = new Map();       // id -> the whole catalogue entry

export function set_catalogue(list) {
    if (!Array.isArray(list) || !list.length) return;
    game_ids.length = 0;
    entries.clear();
    for (const k of Object.keys(game_names)) delete game_names[k];
    for (const k of Object.keys(colour_names)) delete colour_names[k];
    for (const g of list) {
        game_ids.push(g.id);
        entries.set(g.id, g);
        colour_names[g.id] = g.sides.map((s) => s.name);
    }
    name_games();
}

// The games' names in the page's language: a catalogue key per game id
// (the French name of a mancala game), else the server's name. Called again when
// the language changes; game_names is filled in place.
export function name_games() {
    for (const [id, g] of entries) {
        const key = `game_name.${id}`, word = t(key);
        game_names[id] = word === key ? g.name : word;
    }
}

// A side's name for people ("black", "sud"); the catalogue's side names
// stay the values the protocol uses.
export function side_name(side) {
    const key = `side.${side}`, word = t(key);
    return word === key ? side : word;
}

export async function load_catalogue() {
    const r = await api('GET', '/api/games');
    set_catalogue(r.games);
}

// The entry for a game id, or null when the server does not list it.
export function game_info(id) { return entries.get(id) || null; }

// The CSS colour of a side by its name, within a game.
export function side_colour(id, side) {
    const g = entries.get(id);
    const s = g && g.sides.find((x) => x.name === side);
    return s ? s.colour : null;
}

// What the position editor can place in a game: [{kind, name, max_hp?, max_count?}].
export function piece_kinds(id) { return entries.get(id)?.piece_kinds || []; }
