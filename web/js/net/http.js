// JSON over HTTP for accounts, profiles, leaderboards and game records (the
// "HTTP API" section of schema/protocol.md).
// A missing endpoint (404/501) resolves to {unavailable: true} so pages can
// say "not available" instead of failing.
import {get_token} from './socket.js';

export async function api(method, path, body) {
    const headers = {'Accept': 'application/json'};
    const token = get_token();
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res;
    try {
        res = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    } catch {
        return {error: 'network', message: 'the server could not be reached'};
    }
    if (res.status === 404 || res.status === 405 || res.status === 501) {
        let data = null;
        try { data = await res.json(); } catch { /* a static 404 page */ }
        // A JSON 404 from the API itself means "no such thing", not "no API".
        if (data && data.error) return {error: data.error, message: data.message || data.error, status: 404};
        return {unavailable: true, status: res.status};
    }
    let data = null;
    const type = res.headers.get('content-type') || '';
    if (type.includes('json')) { try { data = await res.json(); } catch { data = null; } }
    else data = {text: await res.text()};
    if (!res.ok) return {error: (data && data.error) || `http_${res.status}`, message: (data && data.message) || res.statusText, status: res.status};
    return data ?? {};
}
