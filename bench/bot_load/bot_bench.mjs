// The bot API under load (issue 26): open event streams and bot games in
// play at once, against a running kibitz-server. Prints figures, asserts
// nothing. Driven by bench/bot_load.sh, which starts the server.
//
//   node bot_bench.mjs --port P --server-pid PID [--mode bot|ws] [--games 500]
//        [--streams 1000] [--seconds 30] [--think-ms 1000] [--game ID]
//
// 1. `--streams` idle event streams (GET /api/stream/event) on accounts of
//    their own (16 each, the per-account cap): the server's RSS before and
//    after, per stream.
// 2. `--games` games, each between a WebSocket guest and, in mode `bot`, a bot
//    account on the HTTP API alone (its event stream says gameStart, its game
//    stream says whose turn, a POST moves; 15 games per bot account), or, in
//    mode `ws`, a second WebSocket guest (the same games over the WebSocket,
//    for comparison). Each side thinks `--think-ms` (0.5x to 1.5x, random)
//    before a random legal move; a game that ends is followed by a new one.
//    Over `--seconds` after a warm-up: moves, the server's CPU per move
//    (/proc/PID/stat against kibitz_moves_total), and the latency of a move
//    from its sending (the bot's POST; in mode ws, the mover's frame) to the
//    human's WebSocket seeing it, p50 and p99.
// The streams stay open during the games. One RESULT line at the end.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import {WsConn} from '../soak_client/ws.mjs';

const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('port', 8080));
const server_pid = Number(arg('server-pid', 0));
const mode = arg('mode', 'bot');
const games = Number(arg('games', 500));
const stream_count = Number(arg('streams', 1000));
const seconds = Number(arg('seconds', 30));
const think_ms = Number(arg('think-ms', 1000));
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({keepAlive: true, maxSockets: 256});
const stamp = Date.now().toString(36);

function request(method, path, token, body) {
    return new Promise((resolve, reject) => {
        const headers = {};
        if (token) headers.Authorization = `Bearer ${token}`;
        const data = body === undefined ? null : JSON.stringify(body);
        if (data) { headers['Content-Type'] = 'application/json'; headers['Content-Length'] = Buffer.byteLength(data); }
        const req = http.request(`${base}${path}`, {method, headers, agent}, (res) => {
            let text = '';
            res.on('data', (b) => { text += b; });
            res.on('end', () => { let j = null; try { j = JSON.parse(text); } catch { /* not JSON */ } resolve({status: res.statusCode, j, text}); });
        });
        req.on('error', reject);
        if (data) req.write(data);
        req.end();
    });
}

// A stream of JSON lines on a socket of its own; on_line(obj) per object line.
function open_stream(path, token, on_line) {
    return new Promise((resolve, reject) => {
        const req = http.get(`${base}${path}`, {headers: {Authorization: `Bearer ${token}`}, agent: false}, (res) => {
            if (res.statusCode !== 200) { res.resume(); return reject(new Error(`${path}: ${res.statusCode}`)); }
            let pending = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
                pending += chunk;
                let nl;
                while ((nl = pending.indexOf('\n')) >= 0) {
                    const line = pending.slice(0, nl);
                    pending = pending.slice(nl + 1);
                    if (line) on_line(JSON.parse(line));
                }
            });
            res.on('error', () => {});
            resolve(req);
        });
        req.on('error', reject);
    });
}

// An account with an API token of `scopes`; a bot when asked.
async function account(name, scopes, bot) {
    const reg = await request('POST', '/api/register', null, {username: name, password: 'bench pass phrase'});
    if (reg.status !== 200) throw new Error(`register ${name}: ${reg.status} ${reg.text}`);
    const made = await request('POST', '/api/token', reg.j.token, {description: 'bench', scopes});
    if (made.status !== 201) throw new Error(`token ${name}: ${made.status} ${made.text}`);
    if (bot && (await request('POST', '/api/bot/account/upgrade', made.j.token)).status !== 200) throw new Error(`upgrade ${name}`);
    return made.j.token;
}

async function in_batches(n, size, fn) {
    const out = [];
    for (let i = 0; i < n; i += size) out.push(...await Promise.all(Array.from({length: Math.min(size, n - i)}, (_, k) => fn(i + k))));
    return out;
}

function rss_kib() {
    const m = fs.readFileSync(`/proc/${server_pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : 0;
}
function server_cpu_s() {
    const f = fs.readFileSync(`/proc/${server_pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;  // utime + stime, in ticks of 1/100 s
}
async function moves_total() {
    const r = await request('GET', '/metrics');
    const m = r.text.match(/^kibitz_moves_total (\d+)/m);
    return m ? Number(m[1]) : 0;
}
const think = () => think_ms * (0.5 + Math.random());
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (xs, p) => xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN;

let measuring = false, stopping = false;
const latencies = [];
let games_done = 0;

// A WebSocket guest: hello, then what the game needs. on(t, d) per frame.
function guest(on) {
    return new Promise((resolve) => {
        const c = new WsConn(port, {
            onOpen: () => c.send({t: 'hello'}),
            onMessage: (text) => { const m = JSON.parse(text); if (m.t === 'welcome') resolve(c); on(m.t, m.d || {}); },
            onGone: () => {},
        });
    });
}

// The human's side, the same in both modes: plays its turns, measures the
// opponent's moves it sees, and asks for a new game when one ends. With
// `record_own` (mode ws) its own moves' sending times are kept for the other.
class human {
    constructor(new_game, record_own) {
        this.new_game = new_game; this.record_own = record_own;
        this.seat = null; this.room = null; this.ply = 0; this.ack = 1; this.timer = null;
    }
    async connect() { this.ws = await guest((t, d) => this.on(t, d)); }
    send(t, d) { this.ws.send({t, d}); }
    on(t, d) {
        if (t === 'invite.created' && this.on_invite) this.on_invite(d.code);
        if (t === 'game.found') { this.room = d.room; this.seat = d.seat; this.ply = 0; }
        if (t === 'room.state' && d.room === this.room && d.you) { this.ply = d.moves.length; this.turn(d.board); }
        if (t === 'move' && d.room === this.room) {
            this.ply = d.ply;
            if (d.seat !== this.seat) this.seen(d.room, d.ply);
            this.turn(d.board);
        }
        if (t === 'end' && d.room === this.room) {
            clearTimeout(this.timer);
            this.room = null;
            ++games_done;
            if (!stopping) this.new_game(this);
        }
    }
    seen(room, ply) {
        const key = `${room}/${ply}`, t0 = sent.get(key);
        sent.delete(key);
        if (t0 !== undefined && measuring) latencies.push(performance.now() - t0);
    }
    turn(board) {
        clearTimeout(this.timer);
        if (board.to_move !== this.seat || !board.moves?.length || stopping) return;
        const room = this.room, ply = this.ply + 1;
        this.timer = setTimeout(() => {
            if (room !== this.room) return;
            if (ply > 300) return this.send('resign', {room});
            if (this.record_own) sent.set(`${room}/${ply}`, performance.now());
            this.send('move', {room, move: pick(board.moves).text, ack: this.ack++});
        }, think());
    }
}
const sent = new Map();  // "room/ply" -> when its mover sent it (performance.now())

// Mode bot: a bot account with its event stream, playing every game it is given.
class bot {
    constructor(token) { this.token = token; }
    async connect() {
        await open_stream('/api/stream/event', this.token, (e) => {
            if (e.type === 'gameStart') this.play(e.game.id).catch((err) => console.error(`game stream: ${err.message}`));
        });
    }
    async play(room) {
        let timer = null, seat = null;
        await open_stream(`/api/bot/game/stream/${room}`, this.token, (e) => {
            if (e.type === 'gameFull') seat = e.seat;
            const st = e.type === 'gameFull' ? e.state : e.type === 'gameState' ? e : null;
            if (!st) return;
            clearTimeout(timer);
            if (st.status.state !== 'playing' || st.turn !== seat || !st.legal.length || stopping) return;
            const ply = st.moves.length + 1;
            timer = setTimeout(async () => {
                sent.set(`${room}/${ply}`, performance.now());
                const r = await request('POST', `/api/bot/game/${room}/move/${encodeURIComponent(pick(st.legal))}`, this.token);
                if (r.status !== 200 && !stopping) console.error(`bot move refused: ${r.status} ${r.text}`);
            }, think());
        });
    }
}

async function main() {
    const catalogue = (await request('GET', '/api/games')).j.games;
    const game = arg('game', catalogue[0].id);
    console.log(`${os.cpus().length} cores; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; mode ${mode}, ${games} games of ${game}, ${stream_count} event streams, think ${think_ms} ms`);

    // 1. Idle event streams.
    const holders = await in_batches(Math.ceil(stream_count / 16), 8, (i) => account(`s${stamp}${i}`, ['board:play']));
    const rss0 = rss_kib();
    const streams = await in_batches(stream_count, 50, (i) => open_stream('/api/stream/event', holders[Math.floor(i / 16)], () => {}));
    const rss1 = rss_kib();
    const per_stream = (rss1 - rss0) / stream_count;
    console.log(`streams: ${streams.length} open; RSS ${rss0} -> ${rss1} KiB: ${per_stream.toFixed(1)} KiB per stream`);

    // 2. Games.
    const humans = [];
    const new_game = (h) => h.send('invite.create', {game, tc: null, rated: false, color: 'random', ack: h.ack++});
    if (mode === 'bot') {
        const bots = await in_batches(Math.ceil(games / 15), 8, async (i) => new bot(await account(`b${stamp}${i}`, ['bot:play', 'challenge:write'], true)));
        for (const b of bots) await b.connect();
        for (let i = 0; i < games; ++i) {
            const h = new human(new_game, false), b = bots[Math.floor(i / 15)];
            // The bot takes the human's invite as a challenge, by its code.
            h.on_invite = (code) => request('POST', `/api/challenge/${code}/accept`, b.token)
                .then((r) => { if (r.status !== 200 && !stopping) console.error(`accept: ${r.status} ${r.text}`); });
            humans.push(h);
        }
    } else {
        const partners = [];
        for (let i = 0; i < games; ++i) {
            const a = new human(new_game, true), b = new human(() => {}, true);
            a.on_invite = (code) => b.send('invite.accept', {code, ack: b.ack++});
            humans.push(a);
            partners.push(b);
        }
        await in_batches(partners.length, 100, (i) => partners[i].connect());
    }
    await in_batches(humans.length, 100, (i) => humans[i].connect());
    for (const h of humans) h.new_game(h);
    const warm = Date.now();
    while (humans.some((h) => !h.room) && Date.now() - warm < 30000) await new Promise((r) => setTimeout(r, 100));
    const in_play = humans.filter((h) => h.room).length;
    await new Promise((r) => setTimeout(r, 2 * think_ms));

    measuring = true;
    const cpu0 = server_cpu_s(), moves0 = await moves_total(), client0 = process.cpuUsage(), done0 = games_done;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const cpu1 = server_cpu_s(), moves1 = await moves_total(), client1 = process.cpuUsage(client0);
    measuring = false;
    const rss2 = rss_kib();
    stopping = true;

    const moves = moves1 - moves0;
    latencies.sort((x, y) => x - y);
    const us_per_move = moves ? ((cpu1 - cpu0) * 1e6) / moves : NaN;
    console.log(`RESULT mode=${mode} games=${games} in_play=${in_play} streams=${streams.length} rss_per_stream_kib=${per_stream.toFixed(1)} ` +
        `rss_kib=${rss2} seconds=${seconds} moves=${moves} moves_per_s=${(moves / seconds).toFixed(0)} games_finished=${games_done - done0} ` +
        `server_us_per_move=${us_per_move.toFixed(1)} move_latency_p50_ms=${percentile(latencies, 0.5).toFixed(1)} ` +
        `move_latency_p99_ms=${percentile(latencies, 0.99).toFixed(1)} samples=${latencies.length} ` +
        `client_cpu_s=${((client1.user + client1.system) / 1e6).toFixed(1)} load=${os.loadavg()[0].toFixed(2)}`);
    process.exit(0);
}

main().catch((e) => { console.error(e && e.stack ? e.stack : e); process.exit(1); });
