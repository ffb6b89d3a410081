// Tiny DOM helpers: build elements without a framework.
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

export function tc_text(tc) {
    if (!tc) return 'untimed';
    const m = tc.initial_s / 60;
    return `${Number.isInteger(m) ? m : m.toFixed(1)}+${tc.increment_s}`;
}

export function rating_text(r) {
    if (r === null || r === undefined) return '';
    return typeof r === 'number' ? String(Math.round(r)) : String(r);
}

export function capitalise(t) { return t ? t[0].toUpperCase() + t.slice(1) : t; }

// A transient notice at the bottom of the screen.
export function toast(text, kind = 'info') {
    let box = document.getElementById('toasts');
    if (!box) { box = h('div', {id: 'toasts', 'aria-live': 'polite'}); document.body.append(box); }
    const t = h('div', {class: `toast ${kind}`}, text);
    box.append(t);
    setTimeout(() => t.remove(), 4000);
}
