// Tiny DOM helpers: build elements without a framework.
import {t} from '../i18n/i18n.js';
const svg_ns = 'http://www.w3.org/2000/svg';

// h('div', {class: 'x', onclick: fn}, child, 'text', [more]) -> HTMLElement
export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    return fill(el, attrs, children);
}

// The same for SVG elements.
export function s(tag, attrs = {}, ...children) {
    const el = document.createElementNS(svg_ns, tag);
    return fill(el, attrs, children);
}

function fill(el, attrs, children) {
    for (const [k, v] of Object.entries(attrs || {})) {
        if (v === undefined || v === null || v === false) continue;
        if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
        else if (k === 'text') el.textContent = v;
        else el.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat(Infinity)) {
        if (c === null || c === undefined || c === false) continue;
        el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
}

export function clear(el) {
    while (el.firstChild) el.firstChild.remove();
    return el;
}

export const presets = [[1, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 0]];
// Correspondence: days per move (0: unlimited), as a form's select offers them.
export const correspondence_presets = [1, 2, 3, 5, 7, 14, 0];
// A function, not a list: the words are the page's language of the moment.
export function correspondence_options() {
    return correspondence_presets.map((d) => [`days:${d}`, d ? t('tc.days_per_move', {count: d}) : t('tc.correspondence_unlimited')]);
}

export function tc_text(tc) {
    if (!tc) return t('tc.untimed');
    if (tc.days !== undefined) return tc.days ? t('tc.days_slash_move', {count: tc.days}) : t('tc.unlimited');
    const m = tc.initial_s / 60;
    return `${Number.isInteger(m) ? m : m.toFixed(1)}+${tc.increment_s}`;
}

export function rating_text(r) {
    if (r === null || r === undefined) return '';
    return typeof r === 'number' ? String(Math.round(r)) : String(r);
}

export function capitalise(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

// A transient notice, in the page's flow so it covers nothing: in the page's
// own place for them when it has one ([data-toast-host], the game page's side
// column), else under the header. At most `max_toasts` at once (the oldest
// goes), each dismissable, and all of them go when the page changes.
const max_toasts = 3, toast_ms = 6000;

export function toast(text, kind = 'info') {
    const box = document.querySelector('#page [data-toast-host]') || document.getElementById('toasts');
    if (!box) return;
    const note = h('div', {class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status', 'data-test': 'toast'},
        h('span', {class: 'toast-text'}, text),
        h('button', {class: 'toast-close', type: 'button', 'aria-label': t('toast.dismiss'), title: t('toast.dismiss_title'), onclick: () => note.remove()}, '×'));
    box.append(note);
    const all = box.querySelectorAll('.toast');
    for (let i = 0; i < all.length - max_toasts; ++i) all[i].remove();
    setTimeout(() => note.remove(), toast_ms);
}

export function clear_toasts() { for (const note of document.querySelectorAll('.toast')) note.remove(); }
