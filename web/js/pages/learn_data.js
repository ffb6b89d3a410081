// The learn data of a game (web/learn/<game>.json, static) and the lessons a
// guest has finished (kept in this browser).
const cache = new Map();

export async function learn_data(game) {
    if (!cache.has(game)) {
        cache.set(game, fetch(`learn/${encodeURIComponent(game)}.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return cache.get(game);
}

const key = (game) => `kibitz.learn.${game}`;

export function finished(game) {
    try { return new Set(JSON.parse(localStorage.getItem(key(game)) || '[]')); } catch { return new Set(); }
}

export function mark_finished(game, lesson) {
    const done = finished(game);
    done.add(lesson);
    localStorage.setItem(key(game), JSON.stringify([...done]));
}
