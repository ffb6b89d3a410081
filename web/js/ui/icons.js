// Small SVG icons for buttons: drawn, so they look the same everywhere
// (the ⏮/⏭ characters are missing from many fonts and show as empty boxes).
import {s} from './dom.js';
import {v} from './vdom.js';

const shapes = {
    first: ['M3 3h2v10H3z', 'M13 3v10L6 8z'],
    prev: ['M11 3v10L4 8z'],
    next: ['M5 3v10l7-5z'],
    last: ['M11 3h2v10h-2z', 'M3 3v10l7-5z'],
    flip: ['M4 2l-3 4h2v7h2V6h2z', 'M12 14l3-4h-2V3h-2v7H9z'],
    live: ['M3 3v10l5-5z', 'M8 3v10l5-5z'],
    bell: ['M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4V11l1.5 1.5v.5H2v-.5L3.5 11V7.5A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1z',
        'M6.3 14h3.4a1.7 1.7 0 0 1-3.4 0z'],
    trophy: ['M4 2h8v3a4 4 0 0 1-3 3.87V11h2.5v2h-7v-2H7V8.87A4 4 0 0 1 4 5z', 'M1.5 3h2v1.8a2 2 0 0 1-2-1.8z',
        'M12.5 3h2a2 2 0 0 1-2 1.8z'],
};

export function icon(name) {
    return s('svg', {class: `icon icon-${name}`, viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false'},
        shapes[name].map((d) => s('path', {d, fill: 'currentColor'})));
}

// The same as a virtual-DOM node, for views patched with ui/vdom.js.
export function icon_view(name) {
    return v('svg', {class: `icon icon-${name}`, viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false'},
        shapes[name].map((d) => v('path', {d, fill: 'currentColor'})));
}
