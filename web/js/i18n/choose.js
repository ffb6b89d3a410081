// Which language to speak (pure; tested by tests/web/i18n.test.mjs), in the
// order lichess uses: the account's setting, else the cookie the picker left,
// else the browser's first preferred language we have a catalogue for (a
// region falls back to its language: pt-BR -> pt), else English.

// "pt-BR" -> "pt" when `available` has pt; null when it has neither.
export function supported(tag, available) {
    if (!tag) return null;
    const lower = String(tag).toLowerCase();
    if (available.includes(lower)) return lower;
    const base = lower.split(/[-_]/)[0];
    return available.includes(base) ? base : null;
}

// {account, cookie, browser: navigator.languages} -> a code in `available`.
export function choose_language({account, cookie, browser = []}, available) {
    for (const tag of [account, cookie]) {
        const got = supported(tag, available);
        if (got) return got;
    }
    for (const tag of browser) {
        const got = supported(tag, available);
        if (got) return got;
    }
    return 'en';
}

// The value of the cookie `name` in a document.cookie string, or null.
export function read_cookie(cookies, name) {
    for (const part of String(cookies || '').split(';')) {
        const [k, ...rest] = part.trim().split('=');
        if (k === name) return decodeURIComponent(rest.join('='));
    }
    return null;
}
