// Puzzles (issue 27): one puzzle of every game solved by clicking (its line
// from the shipped set, tests/e2e/puzzle_oracle.mjs; the server plays the replies), a wrong move
// that fails a puzzle and moves the rating, the next puzzle, the daily
// puzzle's link, the accessibility check and the page at both sizes.
import {new_player, check} from '../lib.mjs';
import {page_shot, click_path} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';
import {shipped_puzzle} from '../puzzle_oracle.mjs';

const now = (p) => p.evaluate(() => window.kibitz.puzzle);

// Waits for the puzzle page's board to offer moves for a puzzle other than `not`.
export async function puzzle_shown(p, not = '') {
    await p.waitForFunction((old) => window.kibitz.puzzle && window.kibitz.puzzle.id !== old, not, {timeout: 8000});
    return now(p);
}

export async function solve(p) {
    const shown = await now(p);
    const line = shipped_puzzle(shown.id);
    for (let played = 0; played < line.moves.length;) {
        const want = line.moves[played];
        const move = (await now(p)).moves.find((m) => m.text === want);
        check(move, `${shown.id}: ${want} is offered on the board`);
        await click_path(p, move);
        await p.waitForFunction((n) => window.kibitz.puzzle.played > n, played, {timeout: 8000});
        played = (await now(p)).played;
    }
    await p.waitForSelector(`[data-test="puzzle"][data-id="${shown.id}"][data-result="solved"]`, {timeout: 5000});
    return shown.id;
}

export const scenarios = [
    ['puzzles: one puzzle of every game solved by clicking, a failure, next, daily', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/puzzles');
        await p.waitForSelector('[data-test="puzzles-index"] [data-test="puzzle-daily"]', {timeout: 8000});
        const games = await p.evaluate(async () => (await (await fetch('/api/games')).json()).games.map((g) => g.id));
        check(games.length >= 5, `${games.length} games`);
        await check_a11y(p, 'puzzles index');
        for (const game of games) {
            await p.goto(`${base}/#/puzzles/${game}`);
            await p.waitForSelector(`[data-test="puzzle"][data-game="${game}"][data-id]`, {timeout: 8000});
            await puzzle_shown(p);
            check(/^Find the best move for /.test(await p.locator('[data-test="puzzle-goal"]').textContent()), 'the goal names the side');
            // The move that led here: named, and marked on the board.
            const first = await p.evaluate(async (i) => (await fetch(`/api/puzzle/${i}`)).json(), (await now(p)).id);
            check(first.last_move, `${first.id}: the API gives its last move`);
            check((await p.locator('[data-test="puzzle-says"]').textContent()) === `Last move: ${first.last_move}. Your move.`, `${game}: the last move is named`);
            check(await p.locator('svg.board .mark-last').count() > 0, `${game}: the last move is marked on the board`);
            if (game === games[0]) {
                const size = p.viewportSize();
                await p.setViewportSize({width: 1280, height: 800});
                await page_shot(p, artifacts, 'puzzle-last-move');
                await p.setViewportSize({width: 390, height: 844});
                await page_shot(p, artifacts, 'puzzle-last-move-phone');
                await p.setViewportSize(size);
            }
            const id = await solve(p);
            check(/\(\+\d+\)/.test(await p.locator('[data-test="puzzle-rating"]').textContent()), `${game}: a first try solved raises the rating`);
            if (game === games[0]) {
                await check_a11y(p, 'puzzle solved');
                // The next one: another puzzle; a wrong move fails it.
                await p.click('[data-test="puzzle-next"]');
                const next = await puzzle_shown(p, id);
                const line = shipped_puzzle(next.id);
                const wrong = next.moves.find((m) => m.text !== line.moves[0]);
                check(wrong, 'a puzzle offers more than one move');
                await click_path(p, wrong);
                await p.waitForSelector(`[data-test="puzzle"][data-id="${next.id}"][data-result="wrong"]`, {timeout: 5000});
                check(/\(-\d+\)/.test(await p.locator('[data-test="puzzle-rating"]').textContent()), 'a failed first try lowers the rating');
                check((await p.locator('[data-test="puzzle-says"]').textContent()).includes(line.moves[0]), 'the right move is named');
                await check_a11y(p, 'puzzle failed');
            }
        }
        // The daily puzzle's link opens that very puzzle; "show solution" gives the line.
        const daily = await p.evaluate(async (g) => (await fetch(`/api/puzzle/daily/${g}`)).json(), games[1]);
        await p.goto(`${base}/#/puzzles/${games[1]}/${daily.id}`);
        await p.waitForSelector(`[data-test="puzzle"][data-id="${daily.id}"]`, {timeout: 8000});
        await p.click('[data-test="puzzle-show-solution"]');
        await p.waitForSelector('[data-test="puzzle-solution"]', {timeout: 5000});
        check((await p.locator('[data-test="puzzle-solution"]').textContent()).includes(shipped_puzzle(daily.id).moves[0]), 'the solution is the line');
        check((await p.locator('[data-test="puzzle-analyse"]').getAttribute('href')).startsWith(`#/analysis/${games[1]}?position=`), 'analyse opens the analysis board');
        await page_shot(p, artifacts, 'puzzle-solution');
    }],
    ['puzzles: a streak of rising puzzles by clicking, ended by a mistake, a new one', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/puzzles');
        await p.click('[data-test="puzzles-index"] li[data-game="checkers"] [data-test="puzzles-streak"]');
        await p.waitForSelector('[data-test="puzzle"][data-id] [data-test="puzzle-streak"][data-count="0"]', {timeout: 8000});
        let last = 0, id = '';
        for (let n = 1; n <= 2; n++) {
            const shown = await puzzle_shown(p, id);
            const rating = (await p.evaluate(async (i) => (await fetch(`/api/puzzle/${i}`)).json(), shown.id)).rating;
            check(rating >= last, `streak puzzle ${n} rated ${rating}, not below the last (${last})`);
            last = rating;
            id = await solve(p);
            await p.waitForSelector(`[data-test="puzzle-streak"][data-count="${n}"]`, {timeout: 5000});
            check(await p.locator('[data-test="puzzle-rating"]').count() === 0, 'a streak shows no rating change');
            await p.click('[data-test="puzzle-next"]');
        }
        // The first mistake ends the streak; the page says so and offers a new one.
        const next = await puzzle_shown(p, id);
        const line = shipped_puzzle(next.id);
        await click_path(p, next.moves.find((m) => m.text !== line.moves[0]));
        await p.waitForSelector('[data-test="puzzle-streak"][data-over="true"]', {timeout: 5000});
        check((await p.locator('[data-test="puzzle-streak"]').textContent()).includes('2 solved in a row'), 'the streak\'s count is said');
        await check_a11y(p, 'streak over');
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await p.setViewportSize(vp);
            await p.mouse.move(0, 0);
            await page_shot(p, artifacts, `puzzle-streak-${vp.width}x${vp.height}`);
        }
        check((await p.locator('[data-test="puzzle-next"]').textContent()) === 'New streak', 'a new streak is offered');
        await p.click('[data-test="puzzle-next"]');
        await puzzle_shown(p, next.id);
        await p.waitForSelector('[data-test="puzzle-streak"][data-count="0"]:not([data-over])', {timeout: 5000});
        await p.context().close();
    }],
    // The page at the two sizes reviewers look at (docs/screens/puzzle-*.png).
    ['puzzles: the page at 1280x800 and 390x844', async ({browser, base, artifacts}) => {
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            const p = await new_player(browser, base, '#/puzzles/checkers/checkers-1-1', vp);
            await p.waitForSelector('[data-test="puzzle"][data-id="checkers-1-1"]', {timeout: 8000});
            await puzzle_shown(p);
            await click_path(p, (await now(p)).moves.find((m) => m.text === '22-18'));
            await p.waitForSelector('[data-test="puzzle"][data-result="right"]', {timeout: 5000});
            await p.mouse.move(0, 0);
            await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page_shot(p, artifacts, `puzzle-${vp.width}x${vp.height}`);
            await check_a11y(p, `puzzle ${vp.width}`);
            await p.context().close();
        }
    }],
];
