// A refusal or failure from the server, worded here from its code (the
// server's `message` is English for developers and is never shown; the codes
// are schema/protocol.md's error table and the HTTP API's `error` values).
import {t} from './i18n.js';

// `move 2 (99-98) is not legal`: the ply and move a bad premove line names,
// which are data (numbers and notation) the worded message repeats.
const premove_ref = /move (\d+) \(([^)]+)\)/;

export function error_text(e) {
    const code = (e && (e.code || e.error)) || 'internal';
    if (code === 'bad_premove') {
        const m = premove_ref.exec((e && e.message) || '');
        if (m) return t('error.bad_premove_at', {n: Number(m[1]), move: m[2]});
    }
    const key = `error.${code}`;
    const text = t(key);
    return text === key ? t('error.unknown', {code}) : text;
}
