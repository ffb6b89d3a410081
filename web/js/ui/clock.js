// Clock display: the server is the clock; we only count down from the last
// reading (taken at `clocks_at`, performance.now()) for the running seat.
import {locale} from '../i18n/i18n.js';

export function clock_ms(clocks, clocks_at, seat, now = performance.now()) {
    if (!clocks) return null;
    let ms = clocks.ms[seat];
    if (clocks.running === seat) ms -= now - (clocks_at || now);
    return Math.max(0, ms);
}

export function first_move_ms(clocks, clocks_at, now = performance.now()) {
    if (!clocks || clocks.first_move_ms === undefined || clocks.first_move_ms === null) return null;
    return Math.max(0, clocks.first_move_ms - (now - (clocks_at || now)));
}

// The language's decimal sign for the last ten seconds ("9,5" in French).
function decimal_point() {
    return new Intl.NumberFormat(locale()).formatToParts(1.5).find((p) => p.type === 'decimal')?.value || '.';
}

export function format_ms(ms) {
    if (ms === null) return '–';
    const total = ms / 1000;
    if (total < 10) return total.toFixed(1).replace('.', decimal_point());
    const t = Math.ceil(total);
    const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), s = t % 60;
    const ss = String(s).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// How long until the text format_ms gives for `ms` (counting down) changes:
// at the next whole second, or under ten seconds at the next tenth (it rounds
// there, so at each 50 ms mark).
export function ms_to_next_text(ms) {
    if (ms === null || ms <= 0) return 1000;
    if (ms < 10000) return ((ms - 50) % 100 + 100) % 100 + 1;
    return (ms - 1) % 1000 + 1;
}

// Low: under 20 s, or under a tenth of the initial time for short controls.
export function is_low(ms, clocks) {
    if (ms === null || !clocks) return false;
    return ms < Math.min(20000, Math.max(5000, (clocks.initial_ms || 0) / 10));
}
