// Panels as virtual DOM (snabbdom, vendored in web/vendor/snabbdom): a page
// describes what a panel shows now, and patch() changes only what differs,
// so an input keeps its half-typed text and a button keeps keyboard focus
// while the panel around them updates.
import {init} from '../../vendor/snabbdom/init.js';
import {h as snabbdom_h} from '../../vendor/snabbdom/h.js';
import {attributesModule} from '../../vendor/snabbdom/modules/attributes.js';
import {propsModule} from '../../vendor/snabbdom/modules/props.js';
import {styleModule} from '../../vendor/snabbdom/modules/style.js';
import {eventListenersModule} from '../../vendor/snabbdom/modules/eventlisteners.js';

// Styles go through the CSSOM (the Content-Security-Policy refuses style attributes).
export const patch = init([attributesModule, propsModule, styleModule, eventListenersModule]);

// v('button', {class: 'btn', 'data-action': 'x', onclick: fn}, 'text', [more])
// with the attribute style of ui/dom.js's h(): `on<event>` functions become
// listeners; `key`, `hook`, `props` and `style` go to snabbdom as they are;
// everything else is an attribute (null/undefined/false: absent). Children
// may be nested arrays, strings, numbers or nothing (null, false, '').
export function v(sel, attrs = {}, ...children) {
    const data = {attrs: {}};
    for (const [k, val] of Object.entries(attrs || {})) {
        if (k === 'key' || k === 'hook' || k === 'props' || k === 'style') { if (val !== undefined && val !== null) data[k] = val; }
        else if (k.startsWith('on') && typeof val === 'function') (data.on ||= {})[k.slice(2)] = val;
        else if (val !== undefined && val !== null && val !== false) data.attrs[k] = val === true ? true : String(val);
    }
    const kids = children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false && c !== '')
        .map((c) => (typeof c === 'number' ? String(c) : c));
    return snabbdom_h(sel, data, kids);
}

// A patch target that remembers its last view: mount(host) once, then
// update(vnode) as often as the state changes.
export function view_root(host) {
    const el = document.createElement('div');
    host.append(el);
    let last = el;
    return {
        update(vnode) { last = patch(last, vnode); return last.elm; },
        get element() { return last.elm || last; },
    };
}
