// The lobby's live list and featured game from the lobby's own data, and a
// finished game's link after its room has closed (issue 12): the featured
// game (TV) is drawn from what the lobby sends, so it does not count as a
// watcher; the list shows each game id's newest games and counts the rest;
// the rematch a game led to is kept with the stored game, so its link still
// leads there. Each scenario starts its own server (its own games only).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {new_player, play_move, check, start_server} from '../lib.mjs';
import {pair_by_seek, page_shot} from '../helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binary = process.env.KIBITZ_SERVER || path.join(root, 'build/bin/kibitz-server');

async function own_server(extra, fn) {
    const srv = await start_server(binary, path.join(root, 'web'), extra);
    try { await fn(srv.base); } catch (e) {
        e.message += `\nits server (exit ${srv.proc.exitCode} ${srv.proc.signalCode}) log (tail):\n${srv.log().slice(-3000)}`;
        throw e;
    } finally { srv.stop(); }
}

// Whether `room` still answers room.join (a finished room lingers a while).
async function room_gone(page, room) {
    const deadline = Date.now() + 15000;
    let last = null;
    while (Date.now() < deadline) {
        const gone = await page.evaluate((r) => new Promise((resolve) => {
            const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
            ws.onopen = () => ws.send(JSON.stringify({t: 'hello'}));
            ws.onmessage = (ev) => {
                const m = JSON.parse(ev.data);
                if (m.t === 'welcome') ws.send(JSON.stringify({t: 'room.join', d: {room: r}}));
                else if (m.t === 'room.state') { ws.close(); resolve(false); }
                else if (m.t === 'error' && m.d.code === 'unknown_room') { ws.close(); resolve(true); }
                else if (m.t === 'error') { ws.close(); resolve(JSON.stringify(m)); }
            };
            ws.onerror = () => resolve('socket error');
        }), room);
        if (gone === true) return;
        last = gone;
        await page.waitForTimeout(250);  // polling the server, not waiting for the page
    }
    throw new Error(`room ${room} still open (${last})`);
}

export const scenarios = [
    ['lobby more: the featured game follows its moves from the lobby, without counting as a watcher', async ({browser, artifacts}) => {
        await own_server([], async (base) => {
            const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
            const home = await new_player(browser, base);
            const tv = `[data-test="tv"][data-room="${room}"]`;
            await home.waitForSelector(`${tv} svg.board .piece`, {timeout: 8000});
            check(await home.locator(`${tv} svg.board .piece`).count() === 24, 'the featured board: the start, 24 men');
            await play_move([a, b], '11-15');
            await home.waitForSelector(`${tv}[data-ply="1"] svg.board .piece[data-at="15"]`, {timeout: 8000});
            check(await home.locator(`${tv} svg.board .mark-last`).count() === 2, 'the last move is marked');
            // The live list's entry after the move: nobody watches, though the
            // home page shows the game (it used to join the room for that).
            const entry = home.locator(`li[data-room="${room}"]`, {hasText: 'ply 1'});
            await entry.waitFor({timeout: 8000});
            check(/0 watching/.test(await entry.textContent()), `no watcher: ${await entry.textContent()}`);
            await play_move([a, b], '22-18');
            await home.waitForSelector(`${tv}[data-ply="2"]`, {timeout: 8000});
            for (const p of [a, b])
                check(await p.locator('[data-test="spectators"]').textContent() === '0 watching', 'the players see nobody watching');
            await page_shot(home, artifacts, 'lobby-tv-from-lobby');
        });
    }],

    ['lobby more: the live list shows the newest games and counts the others', async ({browser, artifacts}) => {
        await own_server(['--live-boards', '1'], async (base) => {
            const first = await pair_by_seek(browser, base, 'checkers', 'black');
            const watcher = await new_player(browser, base);
            await watcher.waitForSelector(`li[data-room="${first.room}"] svg.board`, {timeout: 8000});
            const second = await pair_by_seek(browser, base, 'checkers', 'black');
            // The newer game takes the one place; the older is counted.
            await watcher.waitForSelector(`li[data-room="${second.room}"] svg.board`, {timeout: 8000});
            await watcher.locator(`li[data-room="${first.room}"]`).waitFor({state: 'detached', timeout: 8000});
            await watcher.locator('[data-test="live-more"]', {hasText: 'and 1 more game in play'}).waitFor({timeout: 8000});
            // A late visitor gets the same from the snapshot.
            const late = await new_player(browser, base);
            await late.waitForSelector(`li[data-room="${second.room}"] svg.board`, {timeout: 8000});
            await late.locator('[data-test="live-more"]', {hasText: 'and 1 more game in play'}).waitFor({timeout: 8000});
            check(await late.locator(`li[data-room="${first.room}"]`).count() === 0, 'the older game is not listed');
            // The newer one ends: the older comes back, with its board.
            await second.a.click('[data-action="abort"]'); await second.a.click('[data-action="abort"][data-confirm]');
            await watcher.waitForSelector(`li[data-room="${first.room}"] svg.board .piece`, {timeout: 8000});
            await watcher.locator('[data-test="live-more"]').waitFor({state: 'detached', timeout: 8000});
            await page_shot(watcher, artifacts, 'lobby-live-window');
        });
    }],

    ['lobby more: a finished game\'s link leads to its rematch after its room has closed', async ({browser}) => {
        // Finished rooms close three seconds after the end (time enough to agree on the rematch).
        await own_server(['--room-linger-ms', '3000'], async (base) => {
            const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
            await play_move([a, b], '11-15');
            await play_move([a, b], '22-18');
            await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
            for (const p of [a, b]) await p.waitForSelector('.game[data-status="over"]');
            await a.click('[data-action="rematch.offer"]');
            await b.click('[data-action="rematch.accept"]');
            await a.waitForFunction((r) => {
                const g = document.querySelector('.game[data-room][data-status="playing"]');
                return g && g.dataset.room !== r;
            }, room, {timeout: 8000});
            const next = await a.locator('.game').getAttribute('data-room');
            await room_gone(a, room);
            // A spectator opening the old link is taken to the rematch, in place.
            const late = await new_player(browser, base, `#/game/${room}`);
            await late.waitForSelector(`.game[data-room="${next}"][data-seat="spectator"]`, {timeout: 8000});
            check(late.url().endsWith(`#/game/${next}`), `the address is the rematch's (${late.url()})`);
            // A player opening it sees how it ended, with the way to the rematch.
            await b.goto(`${base}/#/game/${room}`);
            await b.waitForSelector('[data-test="replay"] [data-test="result"]', {timeout: 8000});
            const go = b.locator('[data-test="go-rematch"]');
            check(await go.textContent() === 'Go to the rematch', `the link reads: ${await go.textContent()}`);
            await go.click();
            await b.waitForSelector(`.game[data-room="${next}"][data-status="playing"]:not([data-seat="spectator"])`, {timeout: 8000});
        });
    }],
];
