// The home page's form fields as views (ui/vdom.js): a labelled field and a
// select whose choice is the controller's (lobby_ctrl.js), told of each change.
import {v} from '../ui/vdom.js';

export function field(label, ...inputs) { return v('label', {class: 'field'}, v('span', {}, label), ...inputs); }

// `opts`: [[value, text]]; `value`: the one chosen; `on_change(value)`.
// Each option's selectedness is set as a property: an attribute would not
// move the choice once the visitor has made one.
export function select(name, opts, value, on_change) {
    return v('select', {name, 'data-test': name, onchange: (ev) => on_change(ev.target.value)},
        opts.map(([val, text]) => v('option', {key: val, value: val, props: {selected: val === value}}, text)));
}

// A number box: what is typed goes to the controller as it is typed.
export function number(name, label, value, attrs, on_change) {
    return v('input', {type: 'number', name, 'aria-label': label, ...attrs, props: {value: String(value)},
        oninput: (ev) => on_change(ev.target.value)});
}
