// The play screen off the main path: panels that keep focus and half-typed
// text while they update (virtual DOM), boards that fit the window, toasts,
// and the header.
import {check, new_player, online, play_move} from '../lib.mjs';
import {pair_by_quick, page_shot, play_all, register, watch} from '../helpers.mjs';
import {viewports, inside, focused, mover_first} from '../play_helpers.mjs';

export const scenarios = [
    // A chat line arrives while the player is typing one: the text and the
    // focus stay. The opponent leaves: the claim countdown ticks each second
    // and a focused control button keeps the focus throughout.
    ['panels: chat keeps a half-typed line, the countdown keeps the focus, claims wait', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        await a.click('[data-test="chat-input"]');
        await a.keyboard.type('half a thou');
        await b.fill('[data-test="chat-input"]', 'hello from b');
        await b.press('[data-test="chat-input"]', 'Enter');
        await a.locator('[data-test="chat-log"] li', {hasText: 'hello from b'}).waitFor({timeout: 5000});
        check(await a.inputValue('[data-test="chat-input"]') === 'half a thou', 'the half-typed chat line is kept');
        check(await focused(a) === 'INPUT|chat-input', `the chat input keeps the focus (${await focused(a)})`);
        await a.keyboard.type('ght');
        await a.keyboard.press('Enter');
        await b.locator('[data-test="chat-log"] li', {hasText: 'half a thought'}).waitFor({timeout: 5000});
        check(await a.inputValue('[data-test="chat-input"]') === '', 'a sent line empties the input');

        // The opponent goes away (its tab closes): the countdown ticks.
        await b.context().close();
        const wait = a.locator('[data-test="claim-wait"]');
        await wait.waitFor({timeout: 8000});
        await a.locator('[data-action="draw.offer"]').focus();
        check(await focused(a) === 'BUTTON|draw.offer', 'the draw button has the focus');
        const first = await wait.textContent();
        await a.waitForFunction((t) => {
            const el = document.querySelector('[data-test="claim-wait"]');
            return el && el.textContent !== t;
        }, first, {timeout: 5000});
        check(await focused(a) === 'BUTTON|draw.offer', `the countdown did not take the focus (${await focused(a)})`);
        // The claims are shown but cannot be pressed before the countdown ends.
        check(await a.locator('[data-action="claim.win"]').isDisabled() && await a.locator('[data-action="claim.draw"]').isDisabled(),
            'the claim buttons wait for the countdown');
        await page_shot(a, artifacts, 'panels-opponent-away');
    }],

    // The first-move countdown and the clocks are written when their text
    // changes, not on every frame: a page open on a game draws nothing in
    // between (a frame loop had each open game page drawing all the time).
    ['clocks: the first-move countdown and the clock count down without a frame loop', async ({browser, base}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const [mover] = await mover_first(a, b);
        await mover.evaluate(() => {
            window.frames_asked = 0;
            const ask = window.requestAnimationFrame.bind(window);
            window.requestAnimationFrame = (f) => { window.frames_asked++; return ask(f); };
        });
        const countdown = mover.locator('[data-first]:not(:empty)').first();
        const first = await countdown.textContent();
        check(/^first move: \d+ s$/.test(first), `the first-move countdown reads "${first}"`);
        await mover.waitForFunction((t) => {
            const el = document.querySelector('[data-first]:not(:empty)');
            return el && el.textContent !== t;
        }, first, {timeout: 5000});
        const frames = await mover.evaluate(() => window.frames_asked);
        check(frames < 20, `the page asked for ${frames} frames while only the countdown changed`);
        // After both first moves the mover's clock runs, and is seen to.
        for (let i = 0; i < 2; i++) {
            const to_move = await a.locator('.game[data-turn="me"]').count() ? a : b;
            await play_move([a, b], await to_move.evaluate(() => window.kibitz.game.state.board.moves[0].text));
        }
        const clock = await mover.evaluate(() => {
            const el = document.querySelector('[data-clock].running');
            return el ? el.textContent : null;
        });
        check(clock !== null, 'a clock runs after both first moves');
        await mover.waitForFunction((t) => {
            const el = document.querySelector('[data-clock].running');
            return el && el.textContent !== t;
        }, clock, {timeout: 5000});
    }],

    // Every game's board, both player boxes with their clocks and the
    // first-move countdown fit the window (no scrolling) at 1280×720,
    // 1920×1080 and on a phone; so do the replay's buttons.
    ['layout: board, both clocks and the replay buttons fit the window in every game', async ({browser, base, artifacts}) => {
        const catalogue = (await (await fetch(`${base}/api/games`)).json()).games;
        for (const game of catalogue.map((g) => g.id)) {
            const {a, b} = await pair_by_quick(browser, base, game, '5+3');
            await a.waitForFunction(() => [...document.querySelectorAll('[data-clock]')].every((c) => c.textContent), null, {timeout: 5000});
            const hint = catalogue.find((g) => g.id === game).notation_hint;
            const placeholder = await a.getAttribute('[data-test="notation"]', 'placeholder');
            check(placeholder.includes(hint), `${game}: the notation box's example is the game's own (${placeholder})`);
            // The sizes the issue names, too.
            for (const vp of [...viewports, {width: 1366, height: 768}, {width: 1440, height: 900}, {width: 1280, height: 900}]) {
                await a.setViewportSize(vp);
                for (const sel of ['svg.board', '.board-col .player', '[data-clock]', '[data-first]:not(:empty)']) {
                    if (sel.includes('data-first') && !await a.locator(sel).count()) continue;
                    check(await inside(a, sel), `${game} at ${vp.width}×${vp.height}: ${sel} is inside the window`);
                }
                await page_shot(a, artifacts, `layout-${game}-${vp.width}x${vp.height}`);
            }
            await b.click('[data-action="abort"]'); await b.click('[data-action="abort"][data-confirm]');
            await a.waitForSelector('.game[data-status="aborted"]', {timeout: 5000});
            await a.click('[data-test="replay-link"]');
            await a.waitForSelector('[data-test="replay-ply"]', {timeout: 8000});
            for (const vp of viewports) {
                await a.setViewportSize(vp);
                check(await inside(a, 'svg.board') && await inside(a, '[data-step]'), `${game} replay at ${vp.width}×${vp.height}: board and buttons inside`);
            }
            await page_shot(a, artifacts, `layout-${game}-replay-phone`);
            await a.context().close(); await b.context().close();
        }
    }],

    // Notices (here: moves the server refuses) cover nothing, can be
    // dismissed, are at most three, and stay on the page they were given on.
    ['toasts: over nothing, dismissable, at most three, not carried to the next page', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const [mover] = await mover_first(a, b);
        for (const vp of viewports) {
            await mover.setViewportSize(vp);
            for (let i = 0; i < 5; ++i) {
                await mover.fill('[data-test="notation"]', `no-such-move-${i}`);
                await mover.press('[data-test="notation"]', 'Enter');
                await mover.locator('[data-test="toast"]', {hasText: /./}).last().waitFor({timeout: 5000});
                await mover.waitForFunction(() => !document.querySelector('.game[data-pending]'));
            }
            const n = await mover.locator('[data-test="toast"]').count();
            check(n >= 1 && n <= 3, `at most three toasts at once (${n})`);
            const covered = await mover.evaluate(() => {
                const boxes = [...document.querySelectorAll('[data-test="toast"]')].map((t) => t.getBoundingClientRect());
                const what = [...document.querySelectorAll('svg.board, .board-col .player, [data-clock], [data-test="controls"], form.notation')];
                return what.filter((el) => {
                    const r = el.getBoundingClientRect();
                    return boxes.some((t) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom);
                }).map((el) => el.className.baseVal ?? el.className);
            });
            check(covered.length === 0, `${vp.width}×${vp.height}: the toasts cover ${covered.join(', ')}`);
            check(await inside(mover, '.board-col [data-clock]'), `${vp.width}×${vp.height}: the clocks stay inside the window`);
            await page_shot(mover, artifacts, `toasts-${vp.width}x${vp.height}`);
            const before = await mover.locator('[data-test="toast"]').count();
            await mover.locator('[data-test="toast"] button[aria-label="dismiss"]').first().click();
            check(await mover.locator('[data-test="toast"]').count() === before - 1, 'a toast is dismissed by its button');
        }
        await mover.locator('[data-test="notation"]').fill('still-no-move');
        await mover.press('[data-test="notation"]', 'Enter');
        await mover.locator('[data-test="toast"]').first().waitFor({timeout: 5000});
        await mover.click('header nav a[href="#/"]');
        await mover.waitForSelector('[data-test="seek-form"]');
        check(await mover.locator('[data-test="toast"]').count() === 0, 'no toast follows to the lobby');
    }],

    // After registering, the header names the account (no "null") with a
    // Log out button, on every page; logging out makes a guest again. A guest
    // clicking their own name is told what guests have, not "No such player".
    ['header: name and log-out after log-in; a guest\'s own name', async ({browser, base, artifacts}) => {
        for (const vp of viewports) {
            const p = await new_player(browser, base, '#/', vp);
            const guest = await p.locator('[data-test="me-name"]').textContent();
            await p.click('[data-test="me-name"]');
            await p.waitForSelector('[data-test="guest-self"]', {timeout: 5000});
            check(!/No such player/.test(await p.locator('main').textContent()), 'a guest is not told "No such player"');
            await page_shot(p, artifacts, `header-guest-self-${vp.width}x${vp.height}`);
            const name = `hd_${vp.width}_${Date.now() % 100000}`;
            await register(p, base, name);
            for (const hash of ['#/', '#/leaderboard', `#/player/${name}`]) {
                await p.goto(`${base}/${hash}`);
                await online(p);
                const header = await p.locator('#me').textContent();
                check(!/null|undefined/.test(header), `the header reads "${header}" on ${hash}`);
                check(await p.locator('#me [data-test="logout"]').isVisible(), `a Log out button in the header on ${hash}`);
                check(await inside(p, '#me [data-test="logout"]'), `the Log out button is inside the window on ${hash}`);
            }
            await page_shot(p, artifacts, `header-account-${vp.width}x${vp.height}`);
            await p.click('#me [data-test="logout"]');
            await p.waitForSelector('#me [data-test="login"]', {timeout: 8000});
            const after = await p.locator('[data-test="me-name"]').textContent();
            check(after !== name && after !== guest, `logged out: a new guest (${after})`);
            await p.context().close();
        }
    }],

    // The lobby's seek list is a view too: a seek arriving keeps the keyboard
    // focus on the Play button the player is on, and Enter then takes it.
    ['panels: the lobby keeps the focus on a seek while others arrive', async ({browser, base}) => {
        const a = await new_player(browser, base), b = await new_player(browser, base), c = await new_player(browser, base);
        await b.selectOption('[data-test="seek-game"]', 'oware');
        await b.click('[data-test="seek-form"] button[type="submit"]');
        const id = await b.locator('li.seek').filter({hasText: 'Cancel'}).getAttribute('data-seek');
        const play = a.locator(`li.seek[data-seek="${id}"] button`);
        await play.focus();
        const before = await a.locator('li.seek').count();
        await c.click('[data-test="seek-form"] button[type="submit"]');
        await a.waitForFunction((n) => document.querySelectorAll('li.seek').length > n, before);
        const on = await a.evaluate(() => document.activeElement?.closest('li.seek')?.getAttribute('data-seek'));
        check(on === id, `the focus stays on the seek's button (${on})`);
        await a.keyboard.press('Enter');
        await a.waitForSelector('.game[data-status]', {timeout: 8000});
        await b.waitForSelector('.game[data-status]', {timeout: 8000});
    }],

    // After a rated game, the header shows the account's rating (provisional: "?").
    ['header: the rating after a rated game', async ({browser, base, artifacts}) => {
        const a = await new_player(browser, base), b = await new_player(browser, base);
        const stamp = Date.now() % 100000;
        await register(a, base, `rt_a${stamp}`);
        await register(b, base, `rt_b${stamp}`);
        check(await a.locator('[data-test="me-rating"]').count() === 0, 'no rating before a rated game');
        await a.selectOption('[data-test="seek-game"]', 'checkers');
        await a.selectOption('[data-test="seek-rated"]', 'rated');
        await a.click('[data-test="seek-form"] button[type="submit"]');
        const id = await a.locator('li.seek').filter({hasText: 'Cancel'}).getAttribute('data-seek');
        await b.click(`li.seek[data-seek="${id}"] button`);
        await a.waitForSelector('.game[data-status="playing"]', {timeout: 8000});
        const c = await watch(browser, base, await a.locator('.game').getAttribute('data-room'));
        await play_all([a, b], c, ['11-15', '22-18', '15x22', '25x18']);  // shorter is not rated
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        await b.waitForSelector('.game[data-status="over"]');
        await b.reload();
        await online(b);
        await b.waitForSelector('[data-test="me-rating"]', {timeout: 8000});
        const text = await b.locator('[data-test="me-rating"]').textContent();
        check(/^\d+\?? \S/.test(text), `the header shows the rating and its game: ${text}`);
        await page_shot(b, artifacts, 'header-rating');
    }],
];
