// The load of the soak benchmark (bench/soak drives it): a mixed, human-paced
// crowd on one kibitz-server for a given time, through whatever the server
// goes through meanwhile (bench/soak kills it with SIGKILL once and restarts
// it cleanly once). Every connection reconnects with its token when it is cut
// off, and a player returns to the seats welcome.rooms lists.
//   players     pairs playing random legal moves (checkers and oware) after a
//               short think; a game ends by the rules or by a resignation at a
//               random ply; a new one follows (a rematch or a fresh seek);
//               they chat now and then
//   spectators  join a game in play, watch it a while, leave for another, chat
//   lobby       subscribe to the lobby, create seeks and cancel them, unsubscribe
//               and subscribe again
//   everyone    is cut off now and then (a TCP reset, or a polite close) and
//               comes back after a moment
// Every move the server acknowledged is appended to --acks as `room,ply,move`
// (ply 1-based, as the move event numbers it): the store must hold each one.
// The summary (counts) goes to stdout as one JSON line starting `SOAK_SUMMARY `.
// Loopback only.
import fs from 'node:fs';
import { WsConn } from './ws.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) =>
  (i % 2 === 0 ? a.push([v.replace(/^--/, ''), all[i + 1]]) : a, a), []));
const opt = {
  port: Number(args.port),
  seconds: Number(args.seconds ?? 60),
  pairs: Number(args.pairs ?? 8),
  spectators: Number(args.spectators ?? 6),
  lobby: Number(args.lobby ?? 3),
  dropEvery: Number(args['drop-every'] ?? 40),  // seconds between cuts per connection, on average
  acks: args.acks,
};
if (!opt.port || !opt.acks) {
  console.error('usage: client.mjs --port P --acks FILE [--seconds S] [--pairs N] [--spectators N] [--lobby N] [--drop-every S]');
  process.exit(2);
}

const stats = {
  moves_sent: 0, moves_acked: 0, games_started: 0, games_finished: 0, rematches: 0, seeks_paired: 0,
  connects: 0, reconnects: 0, connect_failures: 0, gone_why: {}, cut_off: 0, closed_politely: 0, server_gone: 0,
  seats_resumed: 0, seats_lost: 0, player_stale_tokens: 0,
  spectator_joins: 0, chats: 0, lobby_seeks_created: 0, lobby_seeks_cancelled: 0, lobby_resubs: 0,
  resyncs: 0, errors: {},
};
const ackFd = fs.openSync(opt.acks, 'w');
const started = new Set(), finished = new Set();
const live = new Set();  // rooms in play, for the spectators
let stopping = false;

const rand = (a, b) => a + Math.random() * (b - a);
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const games = ['checkers', 'oware'];
const lines = ['gl hf', 'nice move', 'hmm…', 'été à Zürich: ça va très bien', 'good game', 'ありがとう'];

class Actor {
  constructor(kind) {
    this.kind = kind;
    this.token = null;
    this.conn = null;
    this.welcomed = false;
    this.nextAck = 1;
    this.timers = new Set();
  }
  later(ms, f) {
    const t = setTimeout(() => { this.timers.delete(t); if (!stopping) f(); }, ms);
    this.timers.add(t);
  }
  every(lo, hi, f) { this.later(rand(lo, hi), () => { f(); this.every(lo, hi, f); }); }
  start() {
    this.connect();
    // Cut off now and then: mostly a reset (a lost network), sometimes a close frame.
    this.every(opt.dropEvery * 500, opt.dropEvery * 1500, () => {
      if (!this.welcomed) return;
      this.conn.ours = true;
      if (Math.random() < 0.7) ++stats.cut_off, this.conn.drop();
      else ++stats.closed_politely, this.conn.close();
    });
  }
  connect() {
    ++stats.connects;
    const conn = new WsConn(opt.port, {
      onOpen: () => conn.send(this.token ? { t: 'hello', d: { token: this.token } } : { t: 'hello' }),
      onMessage: (text) => { if (this.conn === conn) this.onMessage(JSON.parse(text)); },
      onGone: (why) => {
        if (this.conn !== conn) return;
        const wasUp = this.welcomed;
        this.welcomed = false;
        this.onGone();
        if (stopping) return;
        if (!conn.ours) {
          if (!conn.opened) ++stats.connect_failures;  // the server is down
          else ++stats.server_gone, (stats.gone_why[why] = (stats.gone_why[why] ?? 0) + 1);
        }
        // Back after a moment; while the server is down, retry every few hundred ms.
        ++stats.reconnects;
        this.later(wasUp ? rand(200, 1500) : rand(200, 500), () => this.connect());
      },
    });
    this.conn = conn;
  }
  send(t, d) { if (this.welcomed) this.conn.send(d === undefined ? { t } : { t, d }); }
  onMessage(m) {
    if (m.t === 'welcome') {
      // A player with an acknowledged move is stored for good (its guest row and
      // game were written before that move, on the same writer): its token must
      // survive any restart. (A game start itself is not waited for: a kill
      // right after it may lose the game and the new guest, as documented.)
      if (this.token && !m.d.resumed && this.kind === 'player' && this.hadAck) ++stats.player_stale_tokens;
      this.token = m.d.token;
      this.welcomed = true;
      return this.onWelcome(m.d);
    }
    if (m.t === 'error') {
      const key = `${this.kind}:${m.d.re ?? '?'}:${m.d.code}`;
      stats.errors[key] = (stats.errors[key] ?? 0) + 1;
    }
    this.handle(m);
  }
  onWelcome() {}
  onGone() {}
  handle() {}
  stop() { for (const t of this.timers) clearTimeout(t); this.timers.clear(); }
}

class Player extends Actor {
  constructor(pair, slot) {
    super('player');
    this.pair = pair;
    this.slot = slot;
    this.rooms = new Map();  // room -> {seat, plies, over, toMove, legal, last, timer}
    this.acks = new Map();   // ack -> {room, text, ply}
    this.hadAck = false;
    this.seek = null;        // our open seek (player 0)
    this.offered = null;     // a seek to accept once welcomed (player 1)
  }
  start() {
    super.start();
    this.every(5000, 20000, () => {
      const r = [...this.rooms.entries()].find(([, s]) => !s.over);
      if (r) ++stats.chats, this.send('chat', { room: r[0], text: pick(lines) });
    });
  }
  onWelcome(d) {
    // Rooms we held that the server no longer lists ended while we were away.
    for (const [room, s] of this.rooms) if (!d.rooms.includes(room)) this.over(room, s);
    for (const room of d.rooms) {
      if (!this.rooms.has(room)) this.rooms.set(room, { seat: null, plies: 0, over: false, last: Date.now() });
      this.rooms.get(room).rejoin = true;
      this.send('room.join', { room });
    }
    if (this.offered) this.accept(this.offered);
  }
  onGone() {
    this.seek = null;  // a seek goes when its creator disconnects
    for (const s of this.rooms.values()) clearTimeout(s.timer);
    this.acks.clear(); // an ack never comes on another connection
  }
  over(room, s) {
    s.over = true;
    clearTimeout(s.timer);
    live.delete(room);
    this.rooms.delete(room);
  }
  accept(id) {
    this.offered = id;
    if (!this.welcomed) return;
    this.offered = null;
    this.send('seek.accept', { id });
  }
  createSeek() {
    if (this.seek) this.send('seek.cancel', { id: this.seek });
    this.seek = null;
    this.pair.seekAt = Date.now();
    this.send('seek.create', { game: pick(games), tc: { initial_s: 900, increment_s: 5 }, rated: false,
      color: 'random', ack: this.nextAck++ });
  }
  handle(m) {
    const d = m.d ?? {};
    switch (m.t) {
    case 'seek.created':
      this.seek = d.seek.id;
      this.pair.players[1].accept(d.seek.id);
      return;
    case 'game.found':
      if (this.slot === 0) this.seek = null;
      if (!started.has(d.room)) {
        started.add(d.room);
        ++stats.games_started;
        if (d.via === 'rematch') ++stats.rematches;
        else ++stats.seeks_paired;
      }
      this.rooms.set(d.room, { seat: d.seat, plies: 0, over: false, last: Date.now() });
      return;
    case 'room.state': return this.onState(d);
    case 'room.synced': {
      const s = this.rooms.get(d.room);
      if (s) s.last = Date.now();
      return;
    }
    case 'move': return this.onMove(d);
    case 'ack': {
      const p = this.acks.get(d.ack);
      if (d.re !== 'move' || !p) return;
      this.acks.delete(d.ack);
      this.hadAck = true;
      ++stats.moves_acked;
      fs.writeSync(ackFd, `${p.room},${p.ply},${p.text}\n`);
      return;
    }
    case 'end': {
      const s = this.rooms.get(d.room);
      if (!s) return;
      if (!finished.has(d.room)) finished.add(d.room), ++stats.games_finished;
      this.over(d.room, s);
      // Half the games go on as a rematch (both offer); the rest pair again
      // through a fresh seek (the pair's watchdog).
      if (hash(d.room) % 2 === 0) this.send('rematch.offer', { room: d.room });
      return;
    }
    case 'error':
      if (d.re === 'move') {
        for (const [k, p] of this.acks) if (k === d.ack) this.acks.delete(k);
        if (d.room && this.rooms.has(d.room)) ++stats.resyncs, this.send('room.join', { room: d.room });
      }
      return;
    }
  }
  onState(d) {
    let s = this.rooms.get(d.room);
    const seat = d.you?.seat ?? null;
    if (!s) return;
    if (s.rejoin) {
      s.rejoin = false;
      if (seat === null) ++stats.seats_lost;
      else ++stats.seats_resumed;
    }
    if (seat === null) return this.over(d.room, s);
    s.seat = seat;
    s.plies = d.moves.length;
    s.last = Date.now();
    if (d.status.state !== 'playing') return this.over(d.room, s);
    live.add(d.room);
    this.position(d.room, s, d.board);
  }
  onMove(d) {
    const s = this.rooms.get(d.room);
    if (!s) return;
    s.plies = d.ply;
    s.last = Date.now();
    if (d.seat === s.seat) {
      // Our own move as played: its ply, for the ack that follows.
      for (const p of this.acks.values()) if (p.room === d.room && p.text === d.move) p.ply = d.ply;
    }
    this.position(d.room, s, d.board);
  }
  position(room, s, board) {
    clearTimeout(s.timer);
    if (s.over || board.to_move !== s.seat || !board.moves?.length) return;
    const legal = board.moves.map((x) => x.text);
    s.timer = setTimeout(() => this.play(room, s, legal), rand(30, 300));
  }
  play(room, s, legal) {
    if (stopping || !this.welcomed || s.over) return;
    if (s.plies >= (s.resignAt ??= Math.floor(rand(60, 240)))) return this.send('resign', { room });
    const text = pick(legal), ack = this.nextAck++;
    this.acks.set(ack, { room, text, ply: s.plies + 1 });
    ++stats.moves_sent;
    this.send('move', { room, move: text, ack });
  }
}

class Spectator extends Actor {
  constructor() { super('spectator'); this.room = null; }
  start() {
    super.start();
    this.every(3000, 10000, () => {
      if (!this.welcomed || live.size === 0) return;
      if (this.room) this.send('room.leave', { room: this.room });
      this.room = pick([...live]);
      ++stats.spectator_joins;
      this.send('room.join', { room: this.room });
      if (Math.random() < 0.3) ++stats.chats, this.send('chat', { room: this.room, text: pick(lines) });
    });
  }
  onGone() { this.room = null; }
}

class Lobby extends Actor {
  constructor() { super('lobby'); this.seeks = []; }
  start() {
    super.start();
    this.every(1000, 3000, () => {
      if (!this.welcomed) return;
      if (Math.random() < 0.1) {
        ++stats.lobby_resubs;
        this.send('lobby.unsub');
        this.send('lobby.sub');
      } else if (this.seeks.length < 2) {
        ++stats.lobby_seeks_created;
        this.send('seek.create', { game: pick(games), tc: { initial_s: Math.floor(rand(60, 600)), increment_s: 2 },
          rated: false, color: 'random', ack: this.nextAck++ });
      } else {
        ++stats.lobby_seeks_cancelled;
        this.send('seek.cancel', { id: this.seeks.shift() });
      }
    });
  }
  onWelcome() { this.send('lobby.sub'); }
  onGone() { this.seeks = []; }
  handle(m) { if (m.t === 'seek.created') this.seeks.push(m.d.seek.id); }
}

function hash(s) { let h = 0; for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0; return h; }

const pairs = [], actors = [];
for (let i = 0; i < opt.pairs; ++i) {
  const pair = { players: [], seekAt: 0 };
  pair.players = [new Player(pair, 0), new Player(pair, 1)];
  pairs.push(pair);
  actors.push(...pair.players);
}
for (let i = 0; i < opt.spectators; ++i) actors.push(new Spectator());
for (let i = 0; i < opt.lobby; ++i) actors.push(new Lobby());
for (const a of actors) a.start();

// A pair with no game in play starts one through a seek (its first game, and
// after a game whose rematch did not happen); a game silent for 8 s is
// resynchronised (room.join) in case an event was lost with a connection.
const watchdog = setInterval(() => {
  const now = Date.now();
  for (const pair of pairs) {
    const [a, b] = pair.players;
    if (!a.welcomed || !b.welcomed) continue;
    const playing = [...a.rooms.values(), ...b.rooms.values()].some((s) => !s.over);
    if (!playing && now - pair.seekAt > 4000) a.createSeek();
    for (const p of pair.players)
      for (const [room, s] of p.rooms)
        if (!s.over && now - s.last > 8000) s.last = now, ++stats.resyncs, p.send('room.join', { room });
  }
}, 1000);

setTimeout(async () => {
  stopping = true;
  clearInterval(watchdog);
  for (const a of actors) a.stop();
  // The acks of the moves in flight, then a polite goodbye from everyone.
  const t0 = Date.now();
  while (Date.now() - t0 < 5000 && actors.some((a) => a.welcomed && a.acks?.size)) await sleep(100);
  stats.moves_unacked_at_end = actors.reduce((n, a) => n + (a.welcomed ? a.acks?.size ?? 0 : 0), 0);
  for (const a of actors) if (a.conn && !a.conn.gone) a.conn.close();
  while (Date.now() - t0 < 8000 && actors.some((a) => a.conn && !a.conn.gone)) await sleep(100);
  for (const a of actors) if (a.conn && !a.conn.gone) a.conn.drop();
  fs.closeSync(ackFd);
  console.log(`SOAK_SUMMARY ${JSON.stringify(stats)}`);
  process.exit(0);
}, opt.seconds * 1000);

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
