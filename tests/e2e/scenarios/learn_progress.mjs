// An account's lesson progress follows it to another browser; a guest's stays
// in its own browser.
import {new_player, check} from '../lib.mjs';
import {click_path, register, log_in} from '../helpers.mjs';

// Plays the lesson's intended answers by clicking.
async function finish_lesson(p, base, game, lesson) {
    await p.goto(`${base}/#/learn/${game}/${lesson.id}`);
    await p.waitForSelector('[data-test="lesson-goal"]', {timeout: 5000});
    for (const [i, step] of lesson.steps.entries()) {
        await p.waitForSelector(`[data-test="lesson"][data-step="${i}"]`, {timeout: 5000});
        const answer = step.accept ? step.accept[0] : step.answer;
        const move = (await p.evaluate(() => window.kibitz.lesson.moves)).find((m) => m.text === answer);
        check(move, `${answer} is offered`);
        await click_path(p, move);
        await p.waitForSelector(`[data-test="lesson"][data-step="${i + 1}"], [data-test="lesson"][data-done="true"]`, {timeout: 5000});
    }
    await p.waitForSelector('[data-test="next-lesson"]', {timeout: 5000});
}

const done_mark = (lesson) => `[data-test="lessons"] li.done a[data-lesson="${lesson.id}"]`;

export const scenarios = [
    ['learn: an account\'s finished lessons show in another browser; a guest\'s stay in theirs', async ({browser, base}) => {
        const name = `learner${Date.now() % 100000}`;
        const a = await new_player(browser, base, '#/');
        const data = await a.evaluate(async () => (await fetch('learn/checkers.json')).json());
        const [first, second] = data.lessons;
        // As a guest: the first lesson, kept in this browser only.
        await finish_lesson(a, base, 'checkers', first);
        await register(a, base, name);
        // Logged in: the second lesson; the guest's first joins the account.
        await finish_lesson(a, base, 'checkers', second);
        await a.goto(`${base}/#/learn/checkers`);
        await a.waitForSelector(done_mark(second), {timeout: 5000});

        // Another browser, logged in as the same account: both lessons are done.
        const b = await new_player(browser, base, '#/');
        await b.goto(`${base}/#/learn/checkers`);
        await b.waitForSelector('[data-test="lessons"]', {timeout: 5000});
        check(await b.locator(done_mark(second)).count() === 0, 'a guest in another browser has not finished it');
        await log_in(b, base, name);
        await b.goto(`${base}/#/learn/checkers`);
        await b.waitForSelector(done_mark(second), {timeout: 5000});
        await b.waitForSelector(done_mark(first), {timeout: 5000});
    }],
];
