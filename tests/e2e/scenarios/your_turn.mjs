// "Your move" in any game, whatever page is on screen (issue 25,
// Notifications, the in-page part): the tab's title starts with a marker and
// the favicon changes while a game of yours waits for your move, a sound calls
// when it comes, and both revert once you have moved. After a reload the page
// finds its games again (welcome's rooms).
import {check, online, play_move, wait_ply} from '../lib.mjs';
import {pair_by_quick} from '../helpers.mjs';
import {mover_first} from '../play_helpers.mjs';

const marker = '● Your move — ';
const icon = (p) => p.locator('link[rel="icon"]').first().getAttribute('href');
const marked = (p) => p.waitForFunction((m) => document.title.startsWith(m), marker, {timeout: 10000});

export const scenarios = [
    ['your turn: title and favicon on other pages, a sound, reverted after the move', async ({browser, base}) => {
        const {a: p, b: q, room} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const [mover, a] = await mover_first(p, q);  // a waits for the first move, away from the game
        const plain_icon = await icon(a);
        await a.click('header nav a[href="#/"]');
        await a.waitForFunction(() => document.title === 'Play · Kibitz');
        check(await icon(a) === plain_icon, 'no marker while the opponent is to move');

        await play_move([mover], '11-15');
        await marked(a);
        check(/Play · Kibitz$/.test(await a.title()), `the home page's own title follows the marker: ${await a.title()}`);
        check(await icon(a) !== plain_icon, `the favicon changes: ${await icon(a)}`);
        check(await a.evaluate(() => window.kibitz.sounds.some((s) => s.kind === 'turn')), 'a sound calls');

        // Another page sets its own title: the marker stays in front of it.
        await a.click('header nav a[href="#/learn"]');
        await a.waitForFunction(() => /Learn/.test(document.title));
        await marked(a);
        // A reload finds the waiting game again.
        await a.reload();
        await online(a);
        await marked(a);
        check(await icon(a) !== plain_icon, 'the favicon after a reload');

        // Back on the game the page's own "Your move" title serves; after the move all reverts.
        await a.goto(`${base}/#/game/${room}`);
        await a.waitForSelector('.game[data-turn="me"]');
        check(/^Your move · /.test(await a.title()), `the game page's title, not marked twice: ${await a.title()}`);
        await play_move([a], '22-18');
        await wait_ply(mover, 2);
        await a.waitForFunction(() => !/Your move/.test(document.title));
        check(await icon(a) === plain_icon, `the favicon is back: ${await icon(a)}`);
        // The other player's move now, on the game page: its own title, no marker.
        check(!(await mover.title()).startsWith(marker), `the mover on the game page: ${await mover.title()}`);
    }],
];
