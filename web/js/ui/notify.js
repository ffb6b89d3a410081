// The optional "your move" notification: off until the player turns it on
// (which asks the browser's permission), kept in localStorage, and shown only
// when the tab is hidden (a visible tab has its title and sound). What was
// shown is noted in `notified` for the browser tests.
const key = 'kibitz.notify';
export const notified = [];

export function notify_on() {
    return localStorage.getItem(key) === '1' && 'Notification' in window && Notification.permission === 'granted';  // not for people: the API's name
}

// Turns the option on (asking permission first) or off; resolves to the new state.
export async function toggle_notify() {
    if (notify_on()) { localStorage.setItem(key, '0'); return false; }
    if (!('Notification' in window)) return false;  // not for people: the API's name
    const p = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    localStorage.setItem(key, p === 'granted' ? '1' : '0');
    return p === 'granted';
}

export function notify_turn(title, body, tag) {
    if (!notify_on() || document.visibilityState !== 'hidden') return;
    notified.push({title, body});
    try {
        const n = new Notification(title, {body, tag});
        n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some browsers allow notifications only from a service worker */ }
}
