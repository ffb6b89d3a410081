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
