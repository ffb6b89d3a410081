// Helpers for the browser tests: the server process, the browser, and the
// moves a player makes by clicking the cells of the SVG board.
import {spawn} from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium} from 'playwright-core';

export const chromium_args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'];

export function free_port() {
    return new Promise((resolve, reject) => {
        const srv = net.createServer();
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', () => { const {port} = srv.address(); srv.close(() => resolve(port)); });
    });
}

// Starts kibitz-server on a free port with a temporary database; resolves once
// /healthz answers. The returned object's stop() always kills it. `extra`:
// more flags (a scenario that needs its own timings starts its own server).
export async function start_server(binary, web_root, extra = []) {
    const port = await free_port();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-e2e-'));
    // The computer thinks at most 100 ms a move here, so a game against it ends quickly.
    // Every browser comes from 127.0.0.1: no per-address caps on connections or new
    // guests, and more than the default five registrations an hour.
    const args = ['--address', '127.0.0.1', '--port', String(port), '--web-root', web_root, '--db', path.join(dir, 'kibitz.db'),
        '--computer-max-think-ms', '100', '--engine-nice', '0', '--engine-threads', '2', '--registrations-per-hour', '1000',
        '--max-conns-per-address', '0', '--guests-per-address', '0',
        // Web Push to a scenario's own local push endpoint (scenarios/web_push.mjs).
        '--push-http-host', '127.0.0.1', ...extra];
    const proc = spawn(binary, args, {stdio: ['ignore', 'pipe', 'pipe']});
    let log = '';
    proc.stdout.on('data', (b) => { log += b; });
    proc.stderr.on('data', (b) => { log += b; });
    const base = `http://127.0.0.1:${port}`;
    const stop = () => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
        fs.rmSync(dir, {recursive: true, force: true});
    };
    const deadline = Date.now() + 30000;  // a loaded CI machine starts slowly
    while (Date.now() < deadline) {
        if (proc.exitCode !== null) break;
        try { const r = await fetch(`${base}/healthz`); if (r.ok) return {base, stop, log: () => log, proc}; } catch { /* not yet */ }
        await new Promise((r) => setTimeout(r, 150));
    }
    stop();
    throw new Error(`kibitz-server did not start (${binary} ${args.join(' ')}):\n${log}`);
}

export async function launch_browser() {
    return chromium.launch({executablePath: process.env.KIBITZ_CHROMIUM || '/usr/bin/chromium', args: chromium_args, timeout: 30000});
}

// A fresh browser context (its own localStorage, so its own guest) on the lobby.
export async function new_player(browser, base, hash = '#/', viewport = {width: 1100, height: 800}) {
    const context = await browser.newContext({viewport});
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  [page error] ${e.message}`));
    await page.goto(`${base}/${hash}`);
    await online(page);
    return page;
}

export async function online(page) {
    await page.waitForSelector('#conn.conn-online', {timeout: 10000});
}

export async function game_room(page) {
    await page.waitForSelector('.game[data-room][data-status]', {timeout: 10000});
    return page.locator('.game').getAttribute('data-room');
}

export async function ply(page) { return Number(await page.locator('.game').getAttribute('data-ply')); }

// At least n plies shown: a fast reply (the computer's) may pass ply n by
// before the page is looked at again.
export async function wait_ply(page, n, timeout = 10000) {
    await page.waitForFunction((k) => {
        const g = document.querySelector('.game[data-ply]');
        return g && Number(g.dataset.ply) >= k;
    }, n, {timeout});
}

// The path of a legal move as the page itself was told by the server.
async function path_of(page, text) {
    return page.evaluate((t) => {
        const st = window.kibitz.game && window.kibitz.game.state;
        const m = st && st.board.moves.find((x) => x.text === t);
        return m ? m.path : null;
    }, text);
}

// Plays `text` on whichever page holds the move, by clicking its path cell by
// cell (or dragging from the first cell to the second when `drag` is set).
export async function play_move(pages, text, {drag = false} = {}) {
    let mover = null;
    for (const p of pages) if (await p.locator('.game[data-turn="me"]').count()) { mover = p; break; }
    if (!mover) throw new Error(`nobody to move for ${text}`);
    const before = await ply(mover);
    const path = await path_of(mover, text);
    if (!path) throw new Error(`${text} is not among the legal moves`);
    const cell = (id) => mover.locator(`svg.board [data-cell="${id}"]`);
    if (drag && path.length === 2) {
        await cell(path[0]).dragTo(cell(path[1]));
    } else {
        for (const id of path) await cell(id).click();
    }
    // A legal move may end where others go on: confirm with "stop here".
    if (await ply(mover) === before && await mover.locator('[data-test="stop-here"]').count()) {
        await mover.locator('[data-test="stop-here"]', {hasText: text}).first().click();
    }
    for (const p of pages) await wait_ply(p, before + 1);
    return mover;
}

export function check(cond, message) { if (!cond) throw new Error(message); }
