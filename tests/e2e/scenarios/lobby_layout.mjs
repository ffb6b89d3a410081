// Issue 12's items where the layout matters, at 1280×720, 1920×1080 and
// 390×844: the lobby with everything it can show at once (the way back to a
// game in play, an open invite with Copy and Cancel, the pool waited in and
// its Stop button, pool counts, the featured game, games in play as mini
// boards) and the game page's tools and controls (browse, flip, sound,
// takeback, draw, resign, the move box). Nothing may need sideways
// scrolling or stick out of the window; a screenshot of each.
import {play_move, check} from '../lib.mjs';
import {pair_by_seek, page_shot} from '../helpers.mjs';
import {viewports} from '../play_helpers.mjs';

// Every element of each selector: shown, and within the window's width.
async function misfits(page, selectors) {
    return page.evaluate((sels) => {
        const bad = [];
        const overflow = document.documentElement.scrollWidth - window.innerWidth;
        if (overflow > 0) bad.push(`the page scrolls sideways by ${overflow}px`);
        for (const s of sels) {
            const els = [...document.querySelectorAll(s)];
            if (!els.length) bad.push(`${s}: missing`);
            for (const el of els) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) bad.push(`${s}: not shown`);
                else if (r.left < 0 || r.right > window.innerWidth + 0.5) bad.push(`${s}: ${Math.round(r.left)}..${Math.round(r.right)} of ${window.innerWidth}`);
                // Text cut inside its own box (a button too narrow for its label;
                // a text box scrolls its text by design).
                if (el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') bad.push(`${s}: its content is cut`);
            }
        }
        return bad;
    }, selectors);
}

async function send(page, type, d) {
    return page.evaluate(([t, data]) => window.kibitz.socket.request(t, data), [type, d]);
}

export const scenarios = [
    ['layout: the lobby and the game page\'s tools fit every window', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        const game_parts = ['svg.board', '[data-step]', '[data-test="flip"]', '[data-test="mute"]', '[data-test="notation"]',
            '[data-action="resign"]', '[data-action="draw.offer"]', '[data-action="takeback.offer"]', '[data-test="moves"]'];
        for (const vp of viewports) {
            await a.setViewportSize(vp);
            const bad = await misfits(a, game_parts);
            check(!bad.length, `game page at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
            await page_shot(a, artifacts, `layout-game-${vp.width}x${vp.height}`);
        }

        // a goes back to the lobby: its game, an invite, a pool it waits in.
        await a.click('header nav a[href="#/"]');
        await a.waitForSelector(`[data-test="resume"][href="#/game/${room}"]`, {timeout: 8000});
        await send(a, 'invite.create', {game: 'oferhlyp', tc: {initial_s: 600, increment_s: 5}, rated: false, color: 'random'});
        await a.waitForSelector('[data-test="invite"]', {timeout: 5000});
        await a.selectOption('[data-test="quick-game"]', 'oware');
        await a.click('button[data-tc="30+0"]');
        await a.waitForSelector('[data-test="queue-stop"]', {timeout: 5000});
        await a.locator('button[data-tc="30+0"] [data-test="pool-count"]', {hasText: '1 waiting'}).waitFor({timeout: 5000});
        await a.waitForSelector(`li[data-room="${room}"] svg.board`, {timeout: 8000});
        await a.waitForSelector('[data-test="tv"][data-room]', {timeout: 8000});
        const lobby_parts = ['.quick-grid button', '[data-test="pool-count"]:not(:empty)', '[data-test="queue"]', '[data-test="queue-stop"]',
            '[data-test="resume"]', '[data-test="invite"] .invite-url', '[data-test="invite-copy"]', '[data-test="invite-cancel"]',
            '[data-test="tv"]', `li[data-room="${room}"] svg.board`, '[data-test="live-clock"]', '[data-test="seek-form"] button',
            '[data-test="computer-play"]'];
        for (const vp of viewports) {
            await a.setViewportSize(vp);
            const bad = await misfits(a, lobby_parts);
            check(!bad.length, `lobby at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
            await a.screenshot({path: `${artifacts}/layout-lobby-${vp.width}x${vp.height}.png`, fullPage: true});
        }
    }],
];
