// The app-level ping (schema/protocol.md, ping/pong), as lichess shows it: every
// few seconds the page sends its own time stamp and the pong echoes it, so the
// round trip is measured on this page's clock alone (no clock agreement). The
// header shows the median of the last few round trips.
import {socket} from './socket.js';
import {t} from '../i18n/i18n.js';

const every_ms = 4000;
const keep = 5;

export function show_lag(el) {
    const samples = [];
    let timer = null;
    const ping = () => socket.send('ping', {at: Math.round(performance.now())});
    socket.on('pong', (d) => {
        if (typeof d.at !== 'number') return;
        samples.push(Math.max(0, Math.round(performance.now() - d.at)));
        while (samples.length > keep) samples.shift();
        const ms = [...samples].sort((x, y) => x - y)[Math.floor(samples.length / 2)];
        el.textContent = `${ms} ms`;
        el.title = t('header.lag_title');
        el.dataset.lagMs = String(ms);
        el.className = `lag ${ms < 150 ? 'good' : ms < 400 ? 'fair' : 'poor'}`;
    });
    socket.on('status', (s) => {
        if (s === 'online') return;
        samples.length = 0;
        el.textContent = '';
        delete el.dataset.lagMs;
    });
    socket.on('ready', () => {
        ping();
        if (!timer) timer = setInterval(() => { if (socket.is_ready()) ping(); }, every_ms);
    });
}
