// Screenshots of what a visitor sees, for reviewers: the home, game, lesson,
// analysis, review, puzzle and invite pages at 1280x800 and 390x844, written to
// docs/screens/<page>-<width>x<height>.png. One command:
//     node tests/e2e/screens.mjs
// Starts its own kibitz-server (build/bin/kibitz-server, or $KIBITZ_SERVER)
// on a fresh database and Debian's Chromium, like the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {start_server, launch_browser, new_player, game_room, play_move} from './lib.mjs';
import {lose_to_computer} from './play_helpers.mjs';
import {invite_from_lobby, click_path} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const out = path.join(root, 'docs/screens');
const binary = process.env.KIBITZ_SERVER || path.join(root, 'build/bin/kibitz-server');
const viewports = [{width: 1280, height: 800}, {width: 390, height: 844}];

async function shoot(page, name, vp) {
    // The pointer off the page: a piece left under it after a click lights up as movable.
    await page.mouse.move(0, 0);
    // Let fonts and the board settle: wait for the next two frames, not a fixed time.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const file = path.join(out, `${name}-${vp.width}x${vp.height}.png`);
    await page.screenshot({path: file});
    console.log(`wrote ${path.relative(root, file)}`);
}

// A finished checkers game against the computer (played quickly and badly),
// so that the review has something to show; returns its room id.
async function finished_game(browser, base) {
    const a = await new_player(browser, base);
    const room = await lose_to_computer(a);
    await a.goto(`${base}/#/replay/${room}/review`);
    await a.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 90000});
    await a.context().close();
    return room;
}

async function main() {
    fs.mkdirSync(out, {recursive: true});
    const server = await start_server(binary, path.join(root, 'web'));
    const browser = await launch_browser();
    try {
        const room = await finished_game(browser, server.base);
        // Another player's open invite, for the page its link opens (the
        // inviter's page stays open, and so does the invite).
        const invite = await invite_from_lobby(browser, server.base, 'checkers');
        for (const vp of viewports) {
            const home = await new_player(browser, server.base, '#/', vp);
            await home.waitForSelector('[data-test="learn-card"] li');
            await shoot(home, 'home', vp);

            await home.selectOption('[data-test="computer-game"]', 'checkers');
            await home.selectOption('[data-test="computer-colour"]', 'black');
            await home.click('[data-test="computer-play"]');
            await game_room(home);
            await play_move([home], '11-15');
            await home.waitForSelector('.game[data-turn="me"]', {timeout: 15000});
            await shoot(home, 'game', vp);

            await home.goto(`${server.base}/#/learn/checkers/forced-capture`);
            await home.waitForSelector('svg.board [data-cell]', {timeout: 8000});
            await shoot(home, 'lesson', vp);

            await home.goto(`${server.base}/#/analysis/checkers?moves=${encodeURIComponent(JSON.stringify(['11-15', '22-18', '15x22', '25x18']))}`);
            await home.waitForSelector('[data-test="eval"][data-depth]', {timeout: 15000});
            await shoot(home, 'analysis', vp);

            await home.goto(`${server.base}/#/replay/${room}`);
            await home.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 15000});
            await home.locator('[data-test="review"]').scrollIntoViewIfNeeded();
            await shoot(home, 'review', vp);

            // A puzzle after its first right move: the server's reply marked.
            await home.goto(`${server.base}/#/puzzles/checkers/checkers-1-1`);
            await home.waitForFunction(() => window.kibitz.puzzle && window.kibitz.puzzle.id === 'checkers-1-1', null, {timeout: 8000});
            await click_path(home, (await home.evaluate(() => window.kibitz.puzzle.moves)).find((m) => m.text === '22-18'));
            await home.waitForSelector('[data-test="puzzle"][data-result="right"]', {timeout: 8000});
            await shoot(home, 'puzzle', vp);

            await home.goto(`${server.base}/${invite.hash}`);
            await home.waitForSelector('[data-test="invite-offer"]', {timeout: 8000});
            await shoot(home, 'invite', vp);
            await home.context().close();
        }
        await invite.page.context().close();
    } finally {
        await browser.close().catch(() => {});
        server.stop();
    }
}

main().then(() => process.exit(0), (e) => { console.error(e && e.stack ? e.stack : e); process.exit(1); });
