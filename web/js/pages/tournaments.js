// #/tournaments: the events from GET /api/tournaments, redrawn once a minute
// (the countdowns) by one view (tournaments_view.js).
import {view_root} from '../ui/vdom.js';
import {tournaments_view} from './tournaments_view.js';

export function mount(el) {
    const st = {list: null, error: '', now: Date.now()};
    const view = view_root(el);
    const render = () => view.update(tournaments_view(st));
    fetch('/api/tournaments').then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((list) => { st.list = list; render(); })
        .catch((e) => { st.error = `The tournaments could not be loaded (${e.message}).`; render(); });
    render();
    const timer = setInterval(() => { st.now = Date.now(); render(); }, 60000);
    return () => clearInterval(timer);
}
