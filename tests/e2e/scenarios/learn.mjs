// The rules pages, the lessons and the analysis board.
import {new_player, check} from '../lib.mjs';
import {page_shot, click_path} from '../helpers.mjs';

export const scenarios = [

    // Learning: every game's rules page draws its diagrams (boards computed by
    // the server from position texts) and its first lesson is completed by
    // clicking, after one wrong move is refused with an explanation.
    ['learn: rules page and first lesson of every game', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/');
        await p.waitForSelector('[data-test="learn-card"] a[href="#/learn/opprimo"]', {timeout: 5000});
        for (const game of ['checkers', 'oferhlyp', 'opprimo', 'oware', 'ouril']) {
            await p.goto(`${base}/#/learn/${game}`);
            await p.waitForSelector(`[data-test="rules"][data-game="${game}"] h1`, {timeout: 5000});
            const figures = await p.locator('[data-test="diagram"]').count();
            check(figures >= 5, `${game}: ${figures} diagrams`);
            await p.waitForFunction((n) => document.querySelectorAll('[data-test="diagram"][data-ready="true"]').length === n, figures, {timeout: 10000});
            if (game === 'checkers') await page_shot(p, artifacts, 'learn-checkers');
            const data = await p.evaluate(async (g) => (await fetch(`learn/${g}.json`)).json(), game);
            const lesson = data.lessons[0];
            await p.click(`[data-lesson="${lesson.id}"]`);
            await p.waitForSelector('[data-test="lesson-goal"]', {timeout: 5000});
            for (const [i, step] of lesson.steps.entries()) {
                await p.waitForSelector(`[data-test="lesson"][data-step="${i}"]`, {timeout: 5000});
                const answer = step.accept ? step.accept[0] : step.answer;
                const moves = await p.evaluate(() => window.kibitz.lesson.moves);
                if (i === 0) {
                    const wrong = moves.find((m) => !(step.accept || [step.answer]).includes(m.text));
                    if (wrong) {
                        await click_path(p, wrong);
                        await p.waitForSelector('[data-test="lesson"][data-result="wrong"]', {timeout: 5000});
                        await p.waitForSelector(`[data-test="lesson"][data-step="0"]`, {timeout: 5000});
                    }
                }
                const move = (await p.evaluate(() => window.kibitz.lesson.moves)).find((m) => m.text === answer);
                check(move, `${game}: ${answer} is offered on the lesson's board`);
                await click_path(p, move);
                await p.waitForSelector(`[data-test="lesson"][data-step="${i + 1}"], [data-test="lesson"][data-done="true"]`, {timeout: 5000});
            }
            await p.waitForSelector('[data-test="next-lesson"]', {timeout: 5000});
            if (game === 'opprimo') await page_shot(p, artifacts, 'lesson-opprimo');
        }
    }],
    // The analysis board from a position text: the engine's score and line
    // arrive live; moves for both sides build a tree with a variation.
    ['analysis: board from a position text, engine line, moves and a variation', async ({browser, base, artifacts}) => {
        const text = 'B:W18,21,22,23,K30:B5,9,10,14,K3';
        const p = await new_player(browser, base, `#/analysis/checkers?position=${encodeURIComponent(text)}`);
        await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
        check((await p.inputValue('[data-test="position-text"]')).startsWith('B:'), 'the position text is shown');
        await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
        check((await p.locator('[data-test="pv"]').textContent()).startsWith('Best line: '), 'a best line');
        const moves = await p.evaluate(() => window.kibitz.analysis.moves);
        check(moves.length >= 2, 'several legal moves');
        await click_path(p, moves[0]);
        await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
        const reply = (await p.evaluate(() => window.kibitz.analysis.moves))[0];
        await click_path(p, reply);  // the other side moves too
        await p.waitForSelector('[data-test="analysis"][data-ply="2"]', {timeout: 5000});
        await p.locator('[data-test="analysis"]').focus();
        await p.keyboard.press('ArrowLeft');
        await p.keyboard.press('ArrowLeft');
        await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
        await click_path(p, moves[1]);  // a variation
        await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
        // The first line stays the main line, its reply still shown; the new move is a variation beside it.
        check(await p.locator('[data-test="tree"] .move:not(.alt)', {hasText: moves[0].text}).count() === 1, 'the first line is kept');
        check(await p.locator('[data-test="tree"] .move:not(.alt)', {hasText: reply.text}).count() === 1, 'with its continuation');
        check(await p.locator('[data-test="tree"] .alt', {hasText: moves[1].text}).count() === 1, 'the new move is a variation');
        await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
        await page_shot(p, artifacts, 'analysis-checkers');
    }],
];
