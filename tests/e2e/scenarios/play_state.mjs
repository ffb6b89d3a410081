// What a page shows when it arrives late or twice, and what the server keeps
// for it: the last move after a reload and for a late spectator, one player in
// two tabs, a finished game's link after its room is gone, an open invite
// after visiting other pages, the live list kept current, spectators following
// the rematch, a declined draw, claim buttons during the countdown.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {new_player, online, game_room, wait_ply, play_move, check, start_server} from '../lib.mjs';
import {pair_by_seek, watch, page_shot} from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binary = process.env.KIBITZ_SERVER || path.join(root, 'build/bin/kibitz-server');

async function marks_last(page, n) {
    await page.waitForFunction((k) => document.querySelectorAll('svg.board .mark-last').length === k, n, {timeout: 8000});
}

// The page's own socket sends a command (setup steps that are not under test).
async function send(page, type, d) {
    return page.evaluate(([t, data]) => window.kibitz.socket.request(t, data), [type, d]);
}

export const scenarios = [
    ['play state: the last move stays highlighted after a reload and for a late spectator', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        await marks_last(a, 2);
        await b.reload();
        await online(b);
        await b.waitForSelector('.game[data-seat="1"][data-ply="2"]', {timeout: 8000});
        await marks_last(b, 2);
        const late = await new_player(browser, base, `#/game/${room}`);
        await late.waitForSelector('.game[data-seat="spectator"][data-ply="2"]', {timeout: 8000});
        await marks_last(late, 2);
        await page_shot(b, artifacts, 'play-state-last-move-after-reload');
    }],

    ['play state: one player in two tabs: both live, closing one keeps the seat', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const a2 = await a.context().newPage();
        await a2.goto(`${base}/#/game/${room}`);
        await online(a2);
        await a2.waitForSelector('.game[data-seat="0"][data-turn="me"]', {timeout: 8000});
        // The second tab plays; the first follows.
        await play_move([a2, b], '11-15');
        await wait_ply(a, 1);
        // The opponent plays: both tabs follow.
        await play_move([a, a2, b], '22-18');
        await a2.waitForSelector('.game[data-ply="2"][data-turn="me"]');
        // The first tab plays now; the second follows.
        await play_move([a, b], '15x22');
        await wait_ply(a2, 3);
        // Chat reaches both tabs.
        await b.fill('[data-test="chat-input"]', 'two tabs?');
        await b.press('[data-test="chat-input"]', 'Enter');
        for (const p of [a, a2]) await p.locator('[data-test="chat-log"]', {hasText: 'two tabs?'}).waitFor({timeout: 5000});
        // One tab closes: the player is still there, and the game goes on in the other.
        await a2.close();
        await play_move([a, b], '25x18');
        await wait_ply(a, 4);
        check(await b.locator('.player .away').count() === 0, 'the opponent does not see "away" while a tab is open');
        check(await b.locator('[data-action="claim.win"]').count() === 0, 'no claim is offered');
    }],

    ['play state: a finished game\'s link opens its replay once the room is gone', async ({browser}) => {
        // Its own server, whose finished rooms close after half a second.
        const srv = await start_server(binary, path.join(root, 'web'), ['--room-linger-ms', '500']);
        try {
            const {a, b, room} = await pair_by_seek(browser, srv.base, 'checkers', 'black');
            await play_move([a, b], '11-15');
            await play_move([a, b], '22-18');
            await a.click('[data-action="resign"]');
            await a.waitForSelector('.game[data-status="over"]');
            // The room goes half a second after the end; the link still works.
            await room_gone(a, room);
            const c = await new_player(browser, srv.base, `#/game/${room}`);
            await c.waitForSelector('[data-test="replay"] [data-test="replay-ply"]', {timeout: 8000});
            check(await c.locator('[data-test="replay-ply"]').textContent() === '2 / 2', 'the replay opens at the end');
            check(/resign/.test(await c.locator('[data-test="result"]').textContent()), 'with the result');
            check(c.url().includes(`#/replay/${room}`) || c.url().includes(`#/game/${room}`), 'the link stays usable');
        } finally {
            srv.stop();
        }
    }],
];

// Waits (bounded) until the server no longer knows the room: from `page`, a
// fresh socket's room.join is answered unknown_room.
async function room_gone(page, room) {
    const deadline = Date.now() + 10000;
    while (Date.now() < deadline) {
        const gone = await page.evaluate((r) => new Promise((resolve) => {
            const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
            ws.onopen = () => ws.send(JSON.stringify({t: 'hello'}));
            ws.onmessage = (ev) => {
                const m = JSON.parse(ev.data);
                if (m.t === 'welcome') ws.send(JSON.stringify({t: 'room.join', d: {room: r}}));
                else if (m.t === 'room.state') { ws.close(); resolve(false); }
                else if (m.t === 'error' && m.d.code === 'unknown_room') { ws.close(); resolve(true); }
            };
            ws.onerror = () => resolve(false);
        }), room);
        if (gone) return;
        await page.waitForTimeout(200);  // polling the server, not waiting for the page
    }
    throw new Error(`room ${room} still open after 10 s`);
}
