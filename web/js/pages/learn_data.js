// The learn data of a game (web/learn/<game>.json, static) and the lessons
// the player has finished: a guest's in this browser, an account's on the
// server too (GET/POST /api/learn/progress), so that it follows the account
// from browser to browser. What this browser finished before logging in joins
// the account.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';

const cache = new Map();

export async function learn_data(game) {
    if (!cache.has(game)) {
        cache.set(game, fetch(`learn/${encodeURIComponent(game)}.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null));  // not for people: a path
    }
    return cache.get(game);
}

const key = (game) => `kibitz.learn.${game}`;

function in_browser(game) {
    try { return new Set(JSON.parse(localStorage.getItem(key(game)) || '[]')); } catch { return new Set(); }
}

// The user once the socket has said who it is.
function user() {
    if (socket.is_ready()) return Promise.resolve(socket.user);
    return new Promise((resolve) => {
        const off = socket.on('ready', (u) => { queueMicrotask(() => off()); resolve(u); });
    });
}

async function is_account() { const u = await user(); return !!u && u.guest === false; }

export async function finished(game) {
    const local = in_browser(game);
    if (!(await is_account())) return local;
    const r = await api('GET', '/api/learn/progress');
    if (r.error) return local;
    const done = new Set((r.done || {})[game] || []);
    for (const lesson of local) {
        if (!done.has(lesson)) { api('POST', '/api/learn/progress', {game, lesson}); done.add(lesson); }
    }
    return done;
}

export async function mark_finished(game, lesson) {
    const done = in_browser(game);
    done.add(lesson);
    localStorage.setItem(key(game), JSON.stringify([...done]));
    if (await is_account()) await api('POST', '/api/learn/progress', {game, lesson});
}
