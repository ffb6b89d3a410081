// Web Push from the page (docs/push.md): this browser's subscription through
// the service worker's pushManager, with the server's VAPID key, told to the
// server (POST /api/push/subscribe), or withdrawn from both. Accounts only
// (the server keeps subscriptions for accounts). Runs on the page's thread.
import {api} from './http.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';

export function push_supported() {
    return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;  // not for people: the API's name
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
    if (!push_supported()) return t('push.unsupported');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return t('push.blocked');
    const key = await api('GET', '/api/push/key');
    if (key.error) return error_text(key);
    let sub;
    try {
        const reg = await registration();
        sub = await reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key_bytes(key.key)});
    } catch (e) {
        return t('push.refused', {why: e.message || String(e)});
    }
    const r = await api('POST', '/api/push/subscribe', sub.toJSON());
    if (r.error) {
        sub.unsubscribe().catch(() => {});
        return error_text(r);
    }
    return '';
}

export async function push_unsubscribe() {
    if (!push_supported()) return '';
    const sub = await (await registration()).pushManager.getSubscription();
    if (!sub) return '';
    const r = await api('POST', '/api/push/unsubscribe', {endpoint: sub.endpoint});
    await sub.unsubscribe().catch(() => {});
    return r.error && r.status !== 404 ? error_text(r) : '';
}
