// Analysis while waiting (issue 25): the page of a correspondence game in
// progress says analysis is allowed and links to the analysis board, which
// opens on the game's position (its moves in the tree, the same legal moves)
// (turned as the player sees it) with the engine's lines. Screenshots of both pages at 1280x800 and 390x844.
import {check, play_move, wait_ply} from '../lib.mjs';
import {pair_by_quick} from '../helpers.mjs';
import {mover_first} from '../play_helpers.mjs';

const sizes = [{width: 1280, height: 800}, {width: 390, height: 844}];

async function shoot(page, artifacts, name) {
    await page.mouse.move(0, 0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const size of sizes) {
        await page.setViewportSize(size);
        await page.screenshot({path: `${artifacts}/${name}-${size.width}x${size.height}.png`, fullPage: true});
    }
}

const legal = (moves) => moves.map((m) => m.text).sort().join(' ');
// Whether square 1 is drawn above square 32: which way the board is turned.
async function one_on_top(page) {
    const y = async (cell) => (await page.locator(`svg.board [data-cell="${cell}"]`).boundingBox()).y;
    return await y('1') < await y('32');
}

export const scenarios = [
    ['analyse while waiting: a correspondence game opens on the analysis board with the engine', async ({browser, base, artifacts}) => {
        const {a: p, b: q, room} = await pair_by_quick(browser, base, 'checkers', 'days:3');
        const [mover, waiter] = await mover_first(p, q);
        const first = await mover.evaluate(() => window.kibitz.game.state.board.moves[0].text);
        await play_move([mover], first);
        await wait_ply(waiter, 1);

        const note = waiter.locator('[data-test="analyse"]');
        check(/Analysis is allowed in correspondence games/.test(await note.textContent({timeout: 5000})),
            `the game page says so: ${await note.textContent()}`);
        const game_moves = await waiter.evaluate(() => window.kibitz.game.state.board.moves);
        const turned = await one_on_top(waiter);
        await shoot(waiter, artifacts, 'analyse-game-page');

        await waiter.click('[data-test="analyse-link"]');
        // The game's position: its one move in the tree, the same moves to play.
        await waiter.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 10000});
        await waiter.waitForFunction(() => window.kibitz.analysis && window.kibitz.analysis.moves.length > 0, null, {timeout: 5000});
        const tree = await waiter.locator('[data-test="tree"] button.move.current').textContent();
        check(tree.includes(first), `the tree is at the game's move ${first}: ${tree}`);
        const board_moves = await waiter.evaluate(() => window.kibitz.analysis.moves);
        check(await one_on_top(waiter) === turned, 'the board is turned as on the game page');
        check(legal(board_moves) === legal(game_moves), `the analysis board's moves are the game's: ${legal(board_moves)} / ${legal(game_moves)}`);
        // The engine's lines, from that position.
        await waiter.waitForSelector('[data-test="eval"][data-depth]', {timeout: 15000});
        const pv = (await waiter.locator('[data-test="pv"]').textContent()).replace('Best line: ', '').split(' ');
        check(board_moves.some((m) => m.text === pv[0]), `the best line starts with a legal move: ${pv.join(' ')}`);
        await shoot(waiter, artifacts, 'analyse-board');
        check(await waiter.evaluate((r) => !location.hash.includes(r), room), 'left the game page for the board');
    }],
];
