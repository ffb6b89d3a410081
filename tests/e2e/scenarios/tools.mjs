// Issue 23, the tools half: the Tools menu and the analysis board (readable
// tree, whose turn, last move, eval in words), the review (marks in the move
// list, move numbers, accuracy, arrow keys, fits the screen), a guest's
// games on its profile, the seed total in the editor, and the home page.
import {new_player, ply, check} from '../lib.mjs';
import {click_path, page_shot} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';
import {lose_to_computer} from '../play_helpers.mjs';

const desktop = {width: 1280, height: 800}, phone = {width: 390, height: 844};

async function no_sideways_scroll(page, what) {
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    check(scroll <= width, `${what}: the page is ${scroll} px wide in a ${width} px window`);
}

export const scenarios = [
    ['tools: the menu opens the analysis board and the editor of every game; an unknown game says so', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/', desktop);
        await p.click('header nav [data-test="nav-tools"]');
        await p.waitForSelector('[data-test="tools"]');
        const games = await p.evaluate(async () => (await (await fetch('/api/games')).json()).games.length);
        const cards = await p.locator('[data-test="tools"] li[data-game]').count();
        check(cards === games, `a card per game (${cards} of ${games})`);
        await check_a11y(p, 'tools');
        await p.click('li[data-game="oware"] [data-test="tool-editor"]');
        await p.waitForSelector('[data-test="analysis"][data-editing] [data-test="editor"]', {timeout: 5000});
        // The seed total runs as seeds are put: 48 at the start, 44 once a pit of 4 is emptied.
        await p.waitForFunction(() => /: 48 of 48$/.test(document.querySelector('[data-test="editor-total"]')?.textContent || ''), null, {timeout: 5000});
        await p.fill('[data-test="editor-count"]', '0');
        await p.click('[data-test="editor"] [data-tool="seeds"]');
        await p.click('svg.board [data-cell="a"]');
        await p.waitForFunction(() => /: 44 of 48$/.test(document.querySelector('[data-test="editor-total"]').textContent), null, {timeout: 5000});
        await page_shot(p, artifacts, 'tools-oware-editor');
        await p.goto(`${base}/#/analysis/nosuchgame`);
        await p.waitForSelector('[data-test="no-such-game"]', {timeout: 5000});
        check(await p.locator('[data-test="analysis"]').count() === 0, 'no analysis board for an unknown game');
        check(await p.locator('[data-test="no-such-game"] a[href="#/analysis/checkers"]').count() === 1, 'it offers the games there are');
    }],

    ['tools: the analysis tree reads as numbered moves, keeps the main line beside a variation, names the turn and the last move', async ({browser, base, artifacts}) => {
        for (const vp of [desktop, phone]) {
            const p = await new_player(browser, base, '#/analysis/checkers', vp);
            await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
            check(await p.textContent('[data-test="turn"]') === 'Black to play', 'Black moves first');
            const play = async (text, n) => {
                const m = (await p.evaluate(() => window.kibitz.analysis.moves)).find((x) => x.text === text);
                await click_path(p, m);
                await p.waitForSelector(`[data-test="analysis"][data-ply="${n}"]`, {timeout: 5000});
            };
            await play('11-15', 1);
            check(await p.textContent('[data-test="turn"]') === 'White to play', 'then White');
            // The last move is marked on the board.
            check(await p.locator('svg.board .mark-last').count() >= 2, 'the last move is marked');
            await play('22-18', 2);
            await play('15x22', 3);
            // Back to the start of White's reply and a variation there.
            await p.keyboard.press('ArrowLeft');
            await p.keyboard.press('ArrowLeft');
            await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
            await play('23-19', 2);
            const tree = (await p.textContent('[data-test="tree"]')).replace(/\s+/g, ' ').trim();
            check(tree === '1. 11-15 22-18 (1… 23-19) 2. 15x22', `the tree reads "${tree}"`);
            // Numbers are text beside the moves: no number sits inside a move's box.
            for (const t of await p.locator('[data-test="tree"] .move').allTextContents()) check(/^\d+[-x]\d+/.test(t) && !/\.\s*$/.test(t), `a move box holds only the move: ${t}`);
            await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
            const words = await p.textContent('[data-test="eval"]');
            check(/^Depth \d+: (\d\.\d about equal|\+\d+\.\d (Black|White) (slightly better|better|much better|winning)|(Black|White) wins in \d+ moves)$/.test(words), `the eval in words: ${words}`);
            // The bar is drawn in the sides' own colours.
            const colours = await p.evaluate(() => [getComputedStyle(document.querySelector('.eval-fill')).backgroundColor,
                getComputedStyle(document.querySelector('.eval-bar')).backgroundColor]);
            check(colours[0] !== colours[1], `the bar's two sides differ: ${colours}`);
            // Two steps back at once: the second search waits out the server's rate
            // limit, and meanwhile the first one's lines (for a position no longer
            // shown) must not appear as the eval of this one.
            await p.keyboard.press('ArrowLeft');
            await p.keyboard.press('ArrowLeft');
            await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
            await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
            const best = (await p.textContent('[data-test="pv"]')).replace('Best line: ', '').split(' ')[0];
            const legal = (await p.evaluate(() => window.kibitz.analysis.moves)).map((m) => m.text);
            check(legal.includes(best), `the best line starts with a move of this position: ${best} among ${legal}`);
            await no_sideways_scroll(p, `analysis ${vp.width}`);
            await check_a11y(p, `analysis ${vp.width}`);
            await page_shot(p, artifacts, `tools-analysis-${vp.width}`);
            await p.context().close();
        }
    }],

    ['tools: review marks in the move list by move number, accuracy, arrows at once, fits 1280 and 390; a guest finds the game on its profile', async ({browser, base, artifacts}) => {
        const a = await new_player(browser, base, '#/', desktop);
        const room = await lose_to_computer(a);
        const plies = await ply(a);
        // Not analysed yet: 200 with the status, not a 404.
        const before = await a.evaluate(async (id) => { const r = await fetch(`/api/games/${id}/analysis`); return [r.status, await r.json()]; }, room);
        check(before[0] === 200 && before[1].status === 'none', `not analysed yet: ${JSON.stringify(before)}`);
        // The guest's own name opens its games.
        await a.click('[data-test="me-name"]');
        await a.waitForSelector(`[data-test="games"] li[data-game-id="${room}"]`, {timeout: 8000});
        check(await a.textContent(`li[data-game-id="${room}"] [data-test="outcome"]`) === 'Lost', 'the game is lost from the guest\'s side');
        check(await a.locator(`li[data-game-id="${room}"] [data-test="game-export"]`).count() === 1, 'with its export');
        await check_a11y(a, 'guest profile');
        await page_shot(a, artifacts, 'tools-guest-profile');
        await a.click(`li[data-game-id="${room}"] [data-test="game-review"]`);
        await a.waitForSelector('[data-test="review-progress"]', {timeout: 10000});
        check(await a.locator('[data-test="request-review"]').count() === 0, 'no request button while the analysis runs');
        await a.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 60000});
        const marks = await a.locator('[data-test="review-marks"] li').count();
        check(marks > 0, 'a bad game has marked moves');
        check(await a.locator('[data-test="moves"] [data-test="glyph"]').count() === marks, 'every mark shows in the move list');
        for (const t of await a.locator('[data-test="review-marks"] .move').allTextContents()) {
            const [, n] = t.match(/^(\d+)[.…] /) || [];
            check(n && Number(n) <= Math.ceil(plies / 2), `a move number, not a ply: ${t}`);
        }
        const acc = await a.locator('[data-test="accuracy"]').allTextContents();
        check(acc.length === 2 && acc.every((x) => /^\d+%$/.test(x)), `an accuracy per player: ${acc}`);
        check(/units$/.test(await a.locator('[data-test="review-summary"] tbody td').nth(3).textContent()), 'the average loss has a unit');
        await no_sideways_scroll(a, 'review 1280');
        await check_a11y(a, 'review 1280');
        await page_shot(a, artifacts, 'tools-review-1280');
        // The arrows work at once on a freshly opened replay.
        await a.goto(`${base}/#/replay/${room}`);
        await a.waitForSelector(`[data-test="replay"][data-ply="${plies}"]`, {timeout: 8000});
        await a.keyboard.press('ArrowLeft');
        await a.waitForSelector(`[data-test="replay"][data-ply="${plies - 1}"]`, {timeout: 5000});
        await a.setViewportSize(phone);
        await a.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 10000});
        await no_sideways_scroll(a, 'review 390');
        await check_a11y(a, 'review 390');
        await page_shot(a, artifacts, 'tools-review-390');
    }],

    ['tools: the home page says what the site is, the lessons above the fold on a first visit, no empty featured card', async ({browser, base, artifacts}) => {
        for (const vp of [desktop, phone]) {
            const p = await new_player(browser, base, '#/', vp);
            await p.waitForSelector('[data-test="intro"]');
            check(/board games/.test(await p.textContent('[data-test="intro"]')), 'one sentence says what the site is');
            const top = await p.locator('[data-test="learn-card"] a').first().evaluate((e) => e.getBoundingClientRect().bottom);
            check(top <= vp.height, `the first Learn link is above the fold at ${vp.width}: ${top}`);
            const tv = p.locator('[data-test="tv"]');
            check(await tv.isHidden() || await tv.locator('svg.board').count() === 1, 'the featured card is hidden or shows a board');
            await no_sideways_scroll(p, `home ${vp.width}`);
            await check_a11y(p, `home ${vp.width}`);
            await page_shot(p, artifacts, `tools-home-${vp.width}`);
            await p.context().close();
        }
    }],
];
