// Numbers, dates and durations in the page's language, through Intl (the
// browser knows each language's ways: 1 234,5 and "il y a 3 minutes").
import {locale} from './i18n.js';

export function number(n, options) { return new Intl.NumberFormat(locale(), options).format(n); }

// A date and time, short: "7 déc., 23:55".
export function date_time(when, options = {day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'}) {
    return new Intl.DateTimeFormat(locale(), options).format(when);
}

export function date(when, options = {year: 'numeric', month: 'short', day: 'numeric'}) {
    return new Intl.DateTimeFormat(locale(), options).format(when);
}

// "in 3 hours", "2 days ago": `ms` from now (negative: in the past), in the
// largest unit that keeps a whole number.
export function relative(ms) {
    const rtf = new Intl.RelativeTimeFormat(locale(), {numeric: 'auto'});
    const units = [['day', 86400000], ['hour', 3600000], ['minute', 60000], ['second', 1000]];
    for (const [unit, size] of units) if (Math.abs(ms) >= size || unit === 'second') return rtf.format(Math.round(ms / size), unit);
    return '';
}
