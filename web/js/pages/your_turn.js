// #/your-turn: the player's correspondence games waiting for their move. The
// list is net/turn_list.js's (fetched again on opening the page); the view
// (your_turn_view.js) is patched in on each change and once a minute (the
// time left).
import {view_root} from '../ui/vdom.js';
import {turns_waiting} from '../net/turn_list.js';
import {your_turn_view} from './your_turn_view.js';

export function mount(el) {
    const view = view_root(el);
    const render = () => view.update(your_turn_view(turns_waiting, turns_waiting.server_now()));
    const off = turns_waiting.on(render);
    turns_waiting.refresh();
    render();
    const timer = setInterval(render, 60000);
    return () => { off(); clearInterval(timer); };
}
