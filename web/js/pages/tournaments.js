// #/tournaments: the events from GET /api/tournaments, redrawn once a minute
// (the countdowns) by one view (tournaments_view.js), and for accounts the
// form that creates one (tournament_form.js): made, its page opens.
import {view_root} from '../ui/vdom.js';
import {socket} from '../net/socket.js';
import {api} from '../net/http.js';
import {tournaments_view} from './tournaments_view.js';
import {empty_form, form_body} from './tournament_form.js';

export function mount(el) {
    const st = {list: null, error: '', now: Date.now(), form: empty_form(), account: false};
    const view = view_root(el);
    const c = {
        set(name, value) { st.form[name] = value; if (name === 'kind' || name === 'rated') render(); },
        async submit() {
            st.form.busy = true; st.form.message = ''; render();
            const r = await api('POST', '/api/tournaments', form_body(st.form));
            st.form.busy = false;
            if (r.error) { st.form.message = r.message || r.error; render(); return; }
            location.hash = `#/tournament/${r.tournament.id}`;
        },
    };
    const render = () => view.update(tournaments_view(st, c));
    const who = (u) => { st.account = !!u && !u.guest; render(); };
    fetch('/api/tournaments').then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((list) => { st.list = list; render(); })
        .catch((e) => { st.error = e.message; render(); });
    const off = socket.on('ready', who);
    who(socket.user);
    const timer = setInterval(() => { st.now = Date.now(); render(); }, 60000);
    return () => { clearInterval(timer); off(); };
}
