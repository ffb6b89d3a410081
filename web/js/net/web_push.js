// Web Push from the page (docs/push.md): this browser's subscription through
// the service worker's pushManager, with the server's VAPID key, told to the
// server (POST /api/push/subscribe), or withdrawn from both. Accounts only
// (the server keeps subscriptions for accounts). Runs on the page's thread.
import {api} from './http.js';

export function push_supported() {
    return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration() {
    return navigator.serviceWorker.ready;
}

// Whether this browser has a subscription now.
export async function push_subscribed() {
    if (!push_supported()) return false;
    const reg = await registration();
    return !!(await reg.pushManager.getSubscription());
}

function key_bytes(b64url) {
    const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
    const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// Resolves to '' when subscribed, or to why not (in the player's words).
export async function push_subscribe() {
    if (!push_supported()) return 'this browser cannot receive push notifications';
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return 'notifications are blocked for this site in the browser';
    const key = await api('GET', '/api/push/key');
    if (key.error) return key.message;
    let sub;
    try {
        const reg = await registration();
        sub = await reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key_bytes(key.key)});
    } catch (e) {
        return `the browser's push service refused: ${e.message || e}`;
    }
    const r = await api('POST', '/api/push/subscribe', sub.toJSON());
    if (r.error) {
        sub.unsubscribe().catch(() => {});
        return r.message;
    }
    return '';
}

export async function push_unsubscribe() {
    if (!push_supported()) return '';
    const sub = await (await registration()).pushManager.getSubscription();
    if (!sub) return '';
    const r = await api('POST', '/api/push/unsubscribe', {endpoint: sub.endpoint});
    await sub.unsubscribe().catch(() => {});
    return r.error && r.status !== 404 ? r.message : '';
}
