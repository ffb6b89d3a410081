// The end of a game as a newcomer meets it (issue 23): resign and abort ask
// for a second click, the result says who won from the player's side, the
// ways on after the end are one block of buttons in view, the move box goes.
import {check} from '../lib.mjs';
import {page_shot, pair_by_quick} from '../helpers.mjs';
import {inside} from '../play_helpers.mjs';

export const scenarios = [

    ['ending: resign asks first; "You won" / "You lost"; the ways on in one block in view', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        for (const p of [a, b]) await p.setViewportSize({width: 1280, height: 800});
        const [mover, other] = await a.locator('.game[data-turn="me"]').count() ? [a, b] : [b, a];
        // Two plies, so that Resign (not Abort) is offered.
        for (const [p, q] of [[mover, other], [other, mover]]) {
            const m = await p.evaluate(() => window.kibitz.game.state.board.moves[0]);
            for (const id of m.path) await p.locator(`svg.board [data-cell="${id}"]`).click();
            await q.waitForSelector(`.game[data-turn="me"]`, {timeout: 5000});
        }
        await mover.click('[data-action="resign"]');
        await mover.waitForSelector('[data-action="resign"][data-confirm]', {timeout: 2000});
        check(/again/i.test(await mover.locator('[data-action="resign"]').textContent()), 'the button asks for a second click');
        check(await mover.locator('.game[data-status="playing"]').count() === 1, 'one click resigns nothing');
        // Left alone, the question goes away.
        await mover.waitForSelector('[data-action="resign"]:not([data-confirm])', {timeout: 6000});
        await mover.click('[data-action="resign"]');
        await mover.click('[data-action="resign"][data-confirm]');
        for (const p of [mover, other]) await p.waitForSelector('.game[data-status="over"]', {timeout: 5000});
        const lost = await mover.locator('[data-test="result"]').textContent();
        const won = await other.locator('[data-test="result"]').textContent();
        check(/^You lost/.test(lost) && /wins by resignation/.test(lost), `the resigner reads: ${lost}`);
        check(/^You won/.test(won) && /wins by resignation/.test(won), `the winner reads: ${won}`);
        for (const p of [mover, other]) {
            check(await p.locator('form.notation').count() === 0, 'no move box after the end');
            check(await inside(p, '[data-test="end-actions"]'), 'the ways on are inside the first screen');
            const buttons = await p.locator('[data-test="end-actions"] .btn').allTextContents();
            for (const want of ['Rematch', 'New opponent', 'Replay', 'Computer analysis'])
                check(buttons.includes(want), `"${want}" among the buttons (${buttons.join(', ')})`);
        }
        await page_shot(other, artifacts, 'ending-won-1280');
        await other.setViewportSize({width: 390, height: 844});
        await page_shot(other, artifacts, 'ending-won-phone');
    }],

    ['ending: abort asks first and reads properly', async ({browser, base}) => {
        const {a, b} = await pair_by_quick(browser, base, 'oware', '5+3');
        await a.click('[data-action="abort"]');
        await a.waitForSelector('[data-action="abort"][data-confirm]', {timeout: 2000});
        check(await a.locator('.game[data-status="playing"]').count() === 1, 'one click aborts nothing');
        await a.click('[data-action="abort"][data-confirm]');
        for (const p of [a, b]) await p.waitForSelector('.game[data-status="aborted"]', {timeout: 5000});
        const text = await b.locator('[data-test="result"]').textContent();
        check(text === 'Game aborted', `the banner reads "${text}"`);
    }],
];
