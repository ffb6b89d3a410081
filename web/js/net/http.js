// JSON over HTTP for accounts, profiles, leaderboards and game records (the
// "HTTP API" section of schema/protocol.md). Failures resolve to {error,
// message, status}: the server answers every /api/ path with JSON.
import {get_token} from './socket.js';

export async function api(method, path, body) {
    const headers = {'Accept': 'application/json'};  // not for people: HTTP names; the message is a developer's (people read error_text of the code)
    const token = get_token();
    if (token) headers['Authorization'] = `Bearer ${token}`;  // not for people: HTTP names; the message is a developer's (people read error_text of the code)
    if (body !== undefined) headers['Content-Type'] = 'application/json';  // not for people: HTTP names; the message is a developer's (people read error_text of the code)
    let res;
    try {
        res = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    } catch {
        return {error: 'network', message: 'the server could not be reached'};  // not for people: HTTP names; the message is a developer's (people read error_text of the code)
    }
    let data = null;
    const type = res.headers.get('content-type') || '';
    if (type.includes('json')) { try { data = await res.json(); } catch { data = null; } }
    else data = {text: await res.text()};
    if (!res.ok) return {error: (data && data.error) || `http_${res.status}`, message: (data && data.message) || res.statusText, status: res.status};
    return data ?? {};
}
