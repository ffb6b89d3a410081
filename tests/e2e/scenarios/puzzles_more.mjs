// Puzzles reached from elsewhere (issue 27): a rules page's theme link opens
// that theme's puzzles; the profile's puzzle dashboard after a solved
// puzzle (the count, the rating graph), at both sizes.
import {new_player, check} from '../lib.mjs';
import {page_shot, register} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';
import {puzzle_shown, solve} from './puzzles.mjs';

export const scenarios = [
    ['puzzles: a theme linked on a rules page opens puzzles of that theme', async ({browser, base}) => {
        const p = await new_player(browser, base, '#/learn/checkers');
        const link = p.locator('[data-test="rule-puzzles"] a[data-theme="multi-jump"]');
        await link.waitFor({timeout: 8000});
        await link.click();
        await p.waitForSelector('[data-test="puzzle"][data-id] [data-test="puzzle-theme"]', {timeout: 8000});
        const shown = await puzzle_shown(p);
        const puzzle = await p.evaluate(async (id) => (await fetch(`/api/puzzle/${id}`)).json(), shown.id);
        check(puzzle.themes.includes('multi-jump'), `${shown.id} is a multi-jump puzzle (${puzzle.themes})`);
        await p.context().close();
    }],
    ['puzzles: the profile shows the puzzle dashboard: solved, rating graph', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base);
        const name = `pz${Date.now() % 1000000}`;
        await register(p, base, name);
        await p.goto(`${base}/#/puzzles/checkers`);
        await puzzle_shown(p);
        await solve(p);
        await p.goto(`${base}/#/player/${name}`);
        const game = p.locator('[data-test="puzzle-dashboard"] [data-test="puzzle-dashboard-game"][data-game="checkers"]');
        await game.waitFor({timeout: 8000});
        check((await game.locator('[data-test="puzzle-solved"]').textContent()).startsWith('1 solved of 1 tried'), 'one solved of one tried');
        check(await game.locator('[data-test="rating-graph"][data-points="1"]').count() === 1, 'a graph of one try');
        await check_a11y(p, 'puzzle dashboard');
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await p.setViewportSize(vp);
            await game.scrollIntoViewIfNeeded();
            await page_shot(p, artifacts, `profile-puzzles-${vp.width}x${vp.height}`);
        }
        await p.context().close();
    }],
];
