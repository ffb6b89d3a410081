// What the page does when a cluster moves a room between nodes
// (docs/cluster.md, "What a client does"): a `room.join` answered
// `unknown_room` while the game is in play in the database, or
// `room_moving`, is sent again a moment later (a bounded number of times),
// and a move answered `room_moving` joins the room again. The answers are
// made in the page's WebSocket (routeWebSocket) in front of a real server:
// one node cannot produce the gap of a takeover on demand.
import {online, play_move, wait_ply, check} from '../lib.mjs';
import {pair_by_seek} from '../helpers.mjs';

// The WebSockets `context` opens from now on answer the first room.joins of
// `room` with each of `join_codes` in turn and the first move with
// `move_code` (if set); everything else goes through to the server. Counts
// the joins of `room` the page sends.
async function with_faults(context, room, join_codes, move_code = null) {
    const faults = {joins: [...join_codes], move: move_code, joins_seen: 0};
    const refuse = (ws, re, code, d) =>
        ws.send(JSON.stringify({t: 'error', d: {code, message: 'injected', re, ack: d.ack, room}}));
    await context.routeWebSocket(/\/ws$/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((text) => {
            const m = JSON.parse(text);
            const d = m.d || {};
            if (m.t === 'room.join' && d.room === room) {
                faults.joins_seen++;
                const code = faults.joins.shift();
                if (code) return refuse(ws, 'room.join', code, d);
            }
            if (m.t === 'move' && faults.move) {
                const code = faults.move;
                faults.move = null;
                return refuse(ws, 'move', code, d);
            }
            server.send(text);
        });
        server.onMessage((text) => ws.send(text));
    });
    return faults;
}

async function until(cond, what, ms = 10000) {
    const end = Date.now() + ms;
    while (!cond()) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}

export const scenarios = [
    ['room rejoin: unknown_room while the game is in play, then room_moving: the page joins again', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        await play_move([a, b], '11-15');
        const context = await browser.newContext({viewport: {width: 1100, height: 800}});
        const faults = await with_faults(context, room, ['unknown_room', 'room_moving']);
        const page = await context.newPage();
        await page.goto(`${base}/#/game/${room}`);
        await online(page);
        await page.waitForSelector('.game[data-seat="spectator"][data-ply="1"]', {timeout: 10000});
        check(faults.joins_seen >= 3, `joined again after each refusal: ${faults.joins_seen} joins`);
        await context.close();
    }],

    ['room rejoin: a move answered room_moving joins the room again, and the next try plays', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const faults = await with_faults(a.context(), room, [], 'room_moving');
        await a.reload();
        await online(a);
        await a.waitForSelector('.game[data-seat="0"][data-turn="me"]', {timeout: 10000});
        const joins = faults.joins_seen;
        // The first try: refused on the way (no ply), then a join follows.
        const path = await a.evaluate(() => window.kibitz.game.state.board.moves.find((x) => x.text === '11-15').path);
        for (const id of path) await a.locator(`svg.board [data-cell="${id}"]`).click();
        await until(() => faults.joins_seen > joins, 'a join after room_moving');
        await wait_ply(b, 0);
        // The second try goes through.
        await play_move([a, b], '11-15');
        await wait_ply(b, 1);
    }],
];
