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
            await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
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

    ['play state: an open invite is still shown, with Copy and Cancel, after visiting other pages', async ({browser, base}) => {
        const a = await new_player(browser, base);
        await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], {origin: base});
        await a.selectOption('[data-test="seek-game"]', 'oware');
        await a.click('button:has-text("Invite a friend")');
        const item = a.locator('[data-test="invite"]');
        await item.waitFor({timeout: 5000});
        const url = await item.locator('.invite-url').inputValue();
        check(/#\/invite\/\w+$/.test(url), `the invite link: ${url}`);
        // Away and back.
        await a.goto(`${base}/#/learn`);
        await a.waitForSelector('h1');
        await a.goto(`${base}/#/`);
        await online(a);
        await item.waitFor({timeout: 5000});
        check(await item.locator('.invite-url').inputValue() === url, 'the same link is back');
        // A reload too.
        await a.reload();
        await online(a);
        await item.waitFor({timeout: 5000});
        await item.locator('[data-test="invite-copy"]').click();
        await a.locator('[data-test="invite-copy"]', {hasText: 'Copied'}).waitFor({timeout: 5000});
        check(await a.evaluate(() => navigator.clipboard.readText()) === url, 'Copy put the link on the clipboard');
        // The creator opening the link: the same link, Copy and Cancel.
        await a.goto(url);
        await a.locator('[data-test="invite-status"]', {hasText: 'your own invitation'}).waitFor({timeout: 5000});
        check(await a.locator('.invite-url').inputValue() === url, 'the invite page shows the link');
        check(await a.locator('[data-test="invite-copy"]').count() === 1, 'with a Copy button');
        await a.click('[data-test="invite-cancel"]');
        await a.locator('[data-test="invite-status"]', {hasText: 'cancelled'}).waitFor({timeout: 5000});
        // The invitation is gone for a friend who opens it now.
        const b = await new_player(browser, base, url.slice(url.indexOf('#')));
        await b.locator('[data-test="invite-status"]', {hasText: 'no longer open'}).waitFor({timeout: 5000});
    }],

    ['play state: the lobby\'s live list follows the game (ply, watchers, guests without "()")', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const lobby = await new_player(browser, base);
        const entry = lobby.locator(`li[data-room="${room}"]`);
        await entry.waitFor({timeout: 8000});
        check(/ply 0 · 0 watching/.test(await entry.textContent()), 'at the start: ply 0, nobody watching');
        check(!/\(\)/.test(await entry.textContent()), `guests are shown without "()": ${await entry.textContent()}`);
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        await entry.filter({hasText: 'ply 2'}).waitFor({timeout: 8000});
        const c = await new_player(browser, base, `#/game/${room}`);
        await c.waitForSelector('.game[data-seat="spectator"]');
        await entry.filter({hasText: '1 watching'}).waitFor({timeout: 8000});
    }],

    ['play state: spectators follow the players into the rematch', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const c = await watch(browser, base, room);
        await play_move([a, b, c], '11-15');
        await play_move([a, b, c], '22-18');
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        for (const p of [a, b, c]) await p.waitForSelector('.game[data-status="over"]');
        await a.click('[data-action="rematch.offer"]');
        await b.click('[data-action="rematch.accept"]');
        for (const p of [a, b, c]) {
            await p.waitForFunction((r) => {
                const g = document.querySelector('.game[data-room][data-status="playing"]');
                return g && g.dataset.room !== r;
            }, room, {timeout: 8000});
        }
        const next = await a.locator('.game').getAttribute('data-room');
        check(await c.locator('.game').getAttribute('data-room') === next, 'the spectator is in the players\' new room');
        check(await c.locator('.game').getAttribute('data-seat') === 'spectator', 'still as a spectator');
        check(c.url().endsWith(`#/game/${next}`), 'and its address is the new room\'s');
    }],

    ['play state: a declined draw is told to the one who offered; claims wait for the countdown', async ({browser, base}) => {
        const {a, b} = await pair_by_seek(browser, base, 'checkers', 'black');
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        await a.click('[data-action="draw.offer"]');
        await b.click('[data-action="draw.decline"]');
        await a.locator('[data-test="toast"]', {hasText: 'declined'}).waitFor({timeout: 5000});
        // b goes away: a sees the countdown, and the claim buttons cannot be pressed yet.
        await b.context().close();
        await a.locator('[data-test="claim-wait"]', {hasText: 'you may claim in'}).waitFor({timeout: 8000});
        check(await a.locator('[data-action="claim.win"]').isDisabled(), 'Claim win waits for the countdown');
        check(await a.locator('[data-action="claim.draw"]').isDisabled(), 'Claim draw waits for the countdown');
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
