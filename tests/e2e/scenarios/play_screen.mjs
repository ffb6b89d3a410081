// The play screen off the main path: panels that keep focus and half-typed
// text while they update (virtual DOM), boards that fit the window, toasts,
// the header, and the small things a lichess player expects.
import {check, new_player, online, wait_ply} from '../lib.mjs';
import {pair_by_quick, page_shot, play_all, watch} from '../helpers.mjs';

const viewports = [{width: 1280, height: 720}, {width: 1920, height: 1080}, {width: 390, height: 844}];

// The first legal move of the player to move, as the page was told it.
async function first_move(page) {
    return page.evaluate(() => window.kibitz.game.state.board.moves[0]);
}

// The page of the two whose turn it is, then the other.
async function mover_first(a, b) { return await a.locator('.game[data-turn="me"]').count() ? [a, b] : [b, a]; }

// Whether every element matching `sel` lies inside the viewport, unscrolled.
async function inside(page, sel) {
    return page.evaluate((s) => {
        window.scrollTo(0, 0);
        const els = [...document.querySelectorAll(s)];
        return els.length > 0 && els.every((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
        });
    }, sel);
}

// What has the keyboard focus, as something a test can compare.
async function focused(page) {
    return page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}|${el.getAttribute('data-action') || el.getAttribute('data-test') || ''}` : '';
    });
}

export const scenarios = [
    // A chat line arrives while the player is typing one: the text and the
    // focus stay. The opponent leaves: the claim countdown ticks each second
    // and a focused control button keeps the focus throughout.
    ['panels: chat keeps a half-typed line, the countdown keeps the focus', async ({browser, base, artifacts}) => {
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
        await page_shot(a, artifacts, 'panels-opponent-away');
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
            for (const vp of viewports) {
                await a.setViewportSize(vp);
                for (const sel of ['svg.board', '.board-col .player', '[data-clock]', '[data-first]:not(:empty)']) {
                    if (sel.includes('data-first') && !await a.locator(sel).count()) continue;
                    check(await inside(a, sel), `${game} at ${vp.width}×${vp.height}: ${sel} is inside the window`);
                }
                await page_shot(a, artifacts, `layout-${game}-${vp.width}x${vp.height}`);
            }
            await b.click('[data-action="abort"]');
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
            await p.goto(`${base}/#/login`);
            await online(p);
            await p.fill('input[name="username"]', name);
            await p.fill('input[name="password"]', 'correct horse battery');
            await p.click('button:text-is("Register")');
            await p.waitForFunction((n) => document.querySelector('[data-test="me-name"]')?.textContent === n, name, {timeout: 8000});
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

    // Escape clears a selection made with the mouse; the square numbers are
    // drawn over the pieces; the tab's title follows the page and says whose
    // move it is; /favicon.ico exists (no 404 on any page); the replay's
    // buttons are drawn icons, not characters some fonts lack.
    ['small: Escape, square numbers, tab title, favicon, replay icons', async ({browser, base, artifacts}) => {
        const fav = await fetch(`${base}/favicon.ico`);
        check(fav.ok && /image/.test(fav.headers.get('content-type')), `/favicon.ico is an image (${fav.status})`);
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const failed = [];
        // The API answers 404 for what does not exist yet (a game's analysis): only files count.
        for (const p of [a, b]) p.on('response', (r) => { if (r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/api/')) failed.push(`${r.status()} ${r.url()}`); });
        const [mover, other] = await mover_first(a, b);
        check(/^Your move · /.test(await mover.title()), `the mover's tab says so: ${await mover.title()}`);
        check(!/Your move/.test(await other.title()) && /Kibitz$/.test(await other.title()), `the other's tab does not: ${await other.title()}`);
        const m = await first_move(mover);
        await mover.locator(`svg.board [data-cell="${m.path[0]}"]`).click();
        check(await mover.locator('svg.board .mark-selected').count() > 0, 'a click selects the piece');
        await mover.keyboard.press('Escape');
        check(await mover.locator('svg.board .mark-selected').count() === 0, 'Escape clears the selection');
        check(await mover.locator('svg.board .mark-dest').count() === 0, 'and its destinations');
        const over = await mover.evaluate(() => {
            const num = document.querySelector('svg.board .sq-num'), piece = document.querySelector('svg.board .piece');
            return !!(num && piece && (piece.compareDocumentPosition(num) & Node.DOCUMENT_POSITION_FOLLOWING));
        });
        check(over, 'the square numbers are drawn after (over) the pieces');
        await mover.locator('svg.board').screenshot({path: `${artifacts}/small-checkers-numbers.png`});
        const c = await watch(browser, base, await a.locator('.game').getAttribute('data-room'));
        await play_all([a, b], c, ['11-15']);
        await mover.waitForFunction(() => !/Your move/.test(document.title));
        await other.waitForFunction(() => /^Your move/.test(document.title));
        check(!/Your move/.test(await c.title()), 'a spectator\'s tab never says "Your move"');
        await play_all([a, b], c, ['22-18']);
        await a.click('header nav a[href="#/"]');
        await a.waitForFunction(() => document.title === 'Play · Kibitz');
        check(await a.locator('h1').count() === 1, 'the lobby has an h1');
        await a.goBack();
        await a.waitForSelector('.game[data-status="playing"]');
        await a.click('[data-action="resign"]');
        await a.waitForSelector('[data-test="replay-link"]');
        await a.click('[data-test="replay-link"]');
        await a.waitForSelector('[data-test="replay-ply"]', {timeout: 8000});
        check(await a.locator('[data-step] svg.icon').count() === 4, 'the four replay buttons are icons');
        check(!/[⏮⏭]/.test(await a.locator('.replay-nav').textContent()), 'no ⏮/⏭ characters');
        check(/^Replay · /.test(await a.title()), `the replay's title: ${await a.title()}`);
        await page_shot(a, artifacts, 'small-replay-icons');
        check(failed.length === 0, `no failed requests: ${failed.join(', ')}`);
    }],

    // Oferhlýp's long notations (a four-attack chain: 34 characters) wrap
    // inside the move list on a phone. The moves were found with kibitz-cli
    // (moves/play) and are all legal.
    ['small: long notations stay inside the move list on a phone', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oferhlyp', '10+5');
        const c = await watch(browser, base, room, {width: 390, height: 844});
        await play_all([a, b], c, ['C7~C5', 'D2-E3', 'C5-C4', 'A2-B3', 'A7~C5', 'B3xD5(2>1)xB5(2>1)', 'C6xA4(2>1)',
            'B5xD5(1>0)', 'D6xD4(1>0)', 'E3xC5(2>1)xA7(2>1)xA5(2>1)xA3(2>1)']);
        for (const vp of [{width: 320, height: 640}, ...viewports]) {
            await c.setViewportSize(vp);
            const fits = await c.evaluate(() => {
                const ol = document.querySelector('[data-test="moves"]'), side = document.querySelector('aside.side');
                const o = ol.getBoundingClientRect(), sd = side.getBoundingClientRect();
                return ol.scrollWidth <= ol.clientWidth && o.right <= sd.right &&
                    [...ol.children].every((li) => li.getBoundingClientRect().right <= o.right + 0.5);
            });
            check(fits, `${vp.width}×${vp.height}: every move stays inside the move list and the panel`);
        }
        await c.locator('[data-test="moves"]').scrollIntoViewIfNeeded();
        await page_shot(c, artifacts, 'small-long-notations-phone');
    }],

    // Oware's stores are named after their owners and its pit letters are
    // readable on a phone; Opprimo's destination dots differ from its points.
    ['small: pit letters and store owners; destination dots unlike points', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'oware', '5+3');
        await a.setViewportSize({width: 390, height: 844});
        const owners = await a.locator('svg.board .store-name').evaluateAll((els) => els.map((e) => e.textContent.toLowerCase()).sort());
        const sides = (await a.evaluate(() => window.kibitz.game.state.players.map((p) => p.color))).sort();
        check(JSON.stringify(owners) === JSON.stringify(sides), `each store is labelled with its owner (${owners})`);
        const px = await a.locator('svg.board .pit-name').first().evaluate((e) => e.getBoundingClientRect().height);
        check(px >= 9, `pit letters are at least 9 px tall on a phone (${px.toFixed(1)})`);
        await a.locator('svg.board').screenshot({path: `${artifacts}/small-pits-phone.png`});
        await a.context().close(); await b.context().close();

        const o = await pair_by_quick(browser, base, 'opprimo', '5+3');
        const [mover] = await mover_first(o.a, o.b);
        const m = await first_move(mover);
        await mover.locator(`svg.board [data-cell="${m.path[0]}"]`).click();
        await mover.waitForSelector('svg.board .mark-dest');
        const look = await mover.evaluate(() => {
            const d = document.querySelector('svg.board .mark-dest'), p = document.querySelector('svg.board .pt');
            const cd = getComputedStyle(d), cp = getComputedStyle(p);
            return {dest_fill: cd.fill, point_fill: cp.fill, dest_r: Number(d.getAttribute('r')), point_r: Number(p.getAttribute('r')), ring: cd.stroke};
        });
        check(look.dest_fill !== look.point_fill && look.dest_r >= 1.4 * look.point_r && look.ring !== 'none',
            `destination dots stand out from the points: ${JSON.stringify(look)}`);
        await mover.locator('svg.board').screenshot({path: `${artifacts}/small-destinations.png`});
    }],

    // With only provisional ratings the leaderboard says so, not "No rated games yet".
    ['small: leaderboard text when no rating is settled', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/leaderboard');
        await p.waitForSelector('[data-test="leaderboard-empty"]', {timeout: 5000});
        const text = await p.locator('[data-test="leaderboard"]').textContent();
        check(!/No rated games yet/.test(text) && /provisional/.test(text), `an honest empty leaderboard: ${text}`);
        check(/^Leaderboard · /.test(await p.title()), `the leaderboard's title: ${await p.title()}`);
        await page_shot(p, artifacts, 'small-leaderboard-empty');
    }],

    // Flip the board; browse earlier positions during play (a click in the
    // move list, arrow keys) while the game goes on, then back to live; the
    // move list follows the game; sounds with a mute switch kept across a
    // reload; the opponent's move read out through a live region.
    ['expected: flip, browse during play, move list, sounds, announcements', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'checkers', '10+5');
        const c = await watch(browser, base, room, {width: 390, height: 844});
        const pieces = (p) => p.locator('svg.board [data-at]').evaluateAll((els) => els.map((e) => `${e.getAttribute('class')}@${e.getAttribute('data-at')}`).sort().join(' '));
        const moves = ['11-15', '22-18', '15x22', '25x18', '12-16', '18-14', '9x18', '23x14', '10x17', '21x14', '5-9', '14x5', '6-9', '24-19', '16x23', '26x19', '1-6', '5-1'];
        const seen = [await pieces(c)];
        const [first] = await mover_first(a, b);
        const second = first === a ? b : a;
        await play_all([a, b], c, moves.slice(0, 16), {after: async () => { seen.push(await pieces(c)); }});
        // The spectator's list (a phone: a short list) scrolled along to the last move.
        const list = await c.locator('[data-test="moves"]').evaluate((ol) => ({top: ol.scrollTop, h: ol.clientHeight, all: ol.scrollHeight}));
        check(list.all > list.h && list.top + list.h >= list.all - 2, `the move list follows the game: ${JSON.stringify(list)}`);
        // Sounds: the start, moves and captures, as the page played them.
        const kinds = await c.evaluate(() => window.kibitz.sounds.map((x) => x.kind));
        check(kinds.includes('move') && kinds.includes('capture'), `sounds for moves and captures: ${kinds.join(' ')}`);
        check((await a.evaluate(() => window.kibitz.sounds.map((x) => x.kind))).includes('start'), 'a sound for the start');
        // Announced: the opponent's last move (16 is second's), read to first.
        check(/played 26x19/.test(await first.locator('[data-test="announce"]').textContent()), 'the opponent\'s move is announced');
        check(!/played 26x19/.test(await second.locator('[data-test="announce"]').textContent()), 'one\'s own move is not');

        // Flip: the board turns and the player boxes swap.
        const cell_y = () => first.locator('svg.board [data-cell="1"]').evaluate((e) => e.getBoundingClientRect().y);
        const y0 = await cell_y();
        const my_seat = await first.locator('.game').getAttribute('data-seat');
        await first.click('[data-test="flip"]');
        await first.waitForSelector('.game[data-flipped="true"]');
        check(Math.abs(await cell_y() - y0) > 50, 'the board is turned round');
        check(await first.locator('.board-col .player').first().getAttribute('data-seat') === my_seat, 'the player\'s own box is on top');
        await page_shot(first, artifacts, 'expected-flipped');
        await first.click('[data-test="flip"]');
        await first.waitForSelector('.game[data-flipped="false"]');

        // Browse: a click on move 2, arrow keys, while the opponent plays on.
        await first.click('[data-test="moves"] li[data-ply="2"]');
        await first.waitForSelector('.game[data-browse="2"][data-shown="2"]');
        check(await pieces(first) === seen[2], 'the board shows the position after move 2');
        await first.locator('body').press('ArrowLeft');
        await first.waitForSelector('.game[data-browse="1"][data-shown="1"]');
        check(await pieces(first) === seen[1], 'ArrowLeft steps back');
        await first.locator('body').press('ArrowRight');
        await first.locator('body').press('ArrowRight');
        await first.waitForSelector('.game[data-browse="3"][data-shown="3"]');
        check(await pieces(first) === seen[3], 'ArrowRight steps on');
        await page_shot(first, artifacts, 'expected-browsing');
        // It is first's move: the opponent waits; first returns to live and plays.
        check(await first.locator('[data-test="back-to-live"]').isVisible(), 'a "Back to live" button while browsing');
        check(await first.locator('.board-tools [data-step] svg.icon path').count() >= 4, 'the step buttons are drawn icons');
        check(!/undefined/.test(await first.locator('.board-tools').textContent()), 'no stray text in the board tools');
        await first.click('[data-test="back-to-live"]');
        await first.waitForFunction(() => !document.querySelector('.game[data-browse]'));
        check(await pieces(first) === seen[16], 'back to the live position');
        await play_all([a, b], c, [moves[16]]);
        // first browses again while the opponent plays on: it stays browsing.
        await first.click('[data-test="moves"] li[data-ply="5"]');
        await first.waitForSelector('.game[data-browse="5"][data-shown="5"]');
        await play_all([a, b], c, [moves[17]]);
        check(await first.locator('.game').getAttribute('data-browse') === '5', 'a move arriving does not end the browsing');
        check(await pieces(first) === seen[5], 'the earlier position stays');
        await first.click('[data-step="last"]');
        await first.waitForFunction(() => !document.querySelector('.game[data-browse]'));
        check(await pieces(first) === await pieces(c), 'the last position is the live one');

        // Mute: kept across a reload; sounds then are noted as muted.
        await c.click('[data-test="mute"]');
        check(await c.getAttribute('[data-test="mute"]', 'aria-pressed') === 'true', 'the sound is off');
        await c.reload();
        await online(c);
        await c.waitForSelector('.game[data-status="playing"]');
        check(await c.getAttribute('[data-test="mute"]', 'aria-pressed') === 'true', 'still off after a reload');
        await second.click('[data-action="resign"]');
        await c.waitForSelector('.game[data-status="over"]');
        const last = await c.evaluate(() => window.kibitz.sounds.at(-1));
        check(last && last.kind === 'end' && last.muted, `the end sound, muted: ${JSON.stringify(last)}`);
    }],

    // Every page has an h1 and its own title.
    ['expected: every page an h1 and a meaningful title', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oware', '5+3');
        await b.click('[data-action="abort"]');
        await a.waitForSelector('.game[data-status="aborted"]');
        const me = await a.locator('[data-test="me-name"]').textContent();
        const game = (await (await fetch(`${base}/api/games`)).json()).games[0].id;
        for (const hash of ['#/', `#/game/${room}`, `#/replay/${room}`, '#/learn', `#/learn/${game}`, '#/leaderboard', `#/leaderboard/${game}`,
            '#/login', `#/player/${encodeURIComponent(me)}`, `#/analysis/${game}`, '#/no-such-page']) {
            await a.goto(`${base}/${hash}`);
            await online(a);
            await a.waitForSelector('h1', {state: 'attached', timeout: 8000});
            const title = await a.title();
            check(/ · Kibitz$/.test(title), `${hash}: a title of its own (${title})`);
        }
    }],
];
