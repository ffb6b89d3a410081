// Issue 12's items where the layout matters, at 1280×720, 1920×1080 and
// 390×844: the lobby with everything it can show at once (the way back to a
// game in play, an open invite with Copy and Cancel, the pool waited in and
// its Stop button, pool counts, the featured game, games in play as mini
// boards), the game page's tools and controls (browse, flip, sound,
// takeback, draw, resign, the move box), the invite page of its creator,
// and after a rated game the rating change and the profile's graph.
// Nothing may need sideways scrolling or stick out of the window; a
// screenshot of each.
import {new_player, online, play_move, check} from '../lib.mjs';
import {pair_by_seek, page_shot, register} from '../helpers.mjs';
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

        // The invite's own page, as its creator sees it: the link, Copy, Cancel.
        const code = await a.locator('[data-test="invite"]').getAttribute('data-code');
        await a.goto(`${base}/#/invite/${code}`);
        await a.locator('[data-test="invite-status"]', {hasText: 'your own invitation'}).waitFor({timeout: 5000});
        for (const vp of viewports) {
            await a.setViewportSize(vp);
            const bad = await misfits(a, ['.invite-url', '[data-test="invite-copy"]', '[data-test="invite-cancel"]', '[data-test="invite-status"]']);
            check(!bad.length, `invite page at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
        }
    }],

    ['layout: the rating change after a rated game and the profile\'s graph fit every window', async ({browser, base, artifacts}) => {
        const tag = Math.random().toString(36).slice(2, 7);
        const [a, b] = [await new_player(browser, base), await new_player(browser, base)];
        for (const [p, n] of [[a, `lay_a_${tag}`], [b, `lay_b_${tag}`]]) { await register(p, base, n); await p.goto(`${base}/#/`); await online(p); }
        await a.selectOption('[data-test="seek-game"]', 'checkers');
        await a.selectOption('[data-test="seek-colour"]', 'black');
        await a.selectOption('[data-test="seek-rated"]', 'rated');
        await a.click('[data-test="seek-form"] button[type="submit"]');
        const mine = a.locator('li.seek[data-game="checkers"]').filter({hasText: 'Cancel'});
        await mine.waitFor({timeout: 5000});
        await b.click(`li.seek[data-seek="${await mine.getAttribute('data-seek')}"] button`);
        for (const p of [a, b]) await p.waitForSelector('.game[data-status="playing"]');
        for (const m of ['11-15', '22-18', '15x22', '25x18']) await play_move([a, b], m);  // shorter is not rated
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        await b.waitForSelector('[data-test="rating-diff"][data-seat="1"]', {timeout: 5000});
        for (const vp of viewports) {
            await b.setViewportSize(vp);
            const bad = await misfits(b, ['[data-test="rating-diff"]', '.board-col .player', '[data-test="result"]']);
            check(!bad.length, `rating change at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
            await page_shot(b, artifacts, `layout-rating-change-${vp.width}x${vp.height}`);
        }
        await b.goto(`${base}/#/player/lay_b_${tag}`);
        await b.waitForSelector('[data-game="checkers"] [data-test="rating-graph"][data-points="1"]', {timeout: 8000});
        for (const vp of viewports) {
            await b.setViewportSize(vp);
            const bad = await misfits(b, ['[data-test="rating-graph"]', '[data-test="wdl"]', 'h1']);
            check(!bad.length, `profile at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
            await page_shot(b, artifacts, `layout-profile-${vp.width}x${vp.height}`);
        }
    }],
];
