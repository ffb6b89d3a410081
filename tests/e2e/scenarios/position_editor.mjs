// The analysis board's position editor: pieces placed and removed by clicking,
// the side to move chosen, "Done" checked by the server, which either says
// what is wrong (shown as it is) or hands back the position the analysis
// continues from.
import {new_player, check} from '../lib.mjs';
import {page_shot} from '../helpers.mjs';

async function cell(p, id) { await p.locator(`svg.board [data-cell="${id}"]`).click(); }
async function tool(p, name) { await p.click(`[data-test="editor"] [data-tool="${name}"]`); }

export const scenarios = [
    ['position editor: edit a checkers board by clicking, a refused edit, then analyse it', async ({browser, base, artifacts}) => {
        const text = 'B:W18,21,22,23,K30:B5,9,10,14,K3';
        const p = await new_player(browser, base, `#/analysis/checkers?position=${encodeURIComponent(text)}`);
        await p.waitForSelector('[data-test="analysis"][data-ply="0"] svg.board [data-at="5"]', {timeout: 5000});
        // Both sides in their own colours, on the analysis board and in the editor.
        check(await p.locator('svg.board .piece.piece-white').count() === 5, 'five white pieces drawn white');
        await p.click('[data-test="edit"]');
        await p.waitForSelector('[data-test="analysis"][data-editing] [data-test="editor"]', {timeout: 5000});
        check(await p.locator('svg.board .piece.piece-black').count() === 5, 'five black pieces drawn black');
        await tool(p, 'erase');
        await cell(p, '5');                 // remove a black man
        await p.waitForSelector('svg.board [data-at="5"]', {state: 'detached', timeout: 5000});
        await tool(p, '0-man');
        await cell(p, '15');                // add one
        await cell(p, '30');                // and one on its crowning row, over the white king
        await p.waitForSelector('svg.board [data-at="15"]', {timeout: 5000});
        await p.click('[data-test="editor-done"]');
        await p.waitForFunction(() => document.querySelector('[data-test="editor-error"]')?.textContent.includes('crowning row'), null, {timeout: 5000});
        check((await p.textContent('[data-test="editor-error"]')) === 'a man on its crowning row (it would be a king)', 'the server\'s reason is shown');
        await page_shot(p, artifacts, 'position-editor-refused');
        await tool(p, 'erase');
        await cell(p, '30');
        await p.selectOption('[data-test="editor-to-move"]', '1');  // white to move
        await p.click('[data-test="editor-done"]');
        await p.waitForSelector('[data-test="analysis"]:not([data-editing])', {timeout: 5000});
        await p.waitForFunction(() => document.querySelector('[data-test="position-text"]').value === 'W:W18,21,22,23:BK3,9,10,14,15', null, {timeout: 5000});
        await p.waitForSelector('[data-test="analysis"][data-ply="0"] svg.board [data-at="15"]', {timeout: 5000});
        const moves = await p.evaluate(() => window.kibitz.analysis.moves);
        check(moves.length > 0 && moves.every((m) => ['18', '21', '22', '23'].includes(m.path[0])), 'white moves from the new position');
        check(decodeURIComponent(await p.evaluate(() => location.hash)).length > 0, 'still on the analysis page');
        // The engine's evaluation of the new position, though white has one legal
        // move (18x11): a forced move is evaluated too.
        await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 15000});
        check(/Depth \d+: /.test(await p.textContent('[data-test="eval"]')), 'an evaluation is shown');
    }],

    ['position editor: seeds counted in pits, a total the server refuses, then accepted', async ({browser, base}) => {
        const p = await new_player(browser, base, '#/analysis/oware');
        await p.waitForSelector('[data-test="analysis"][data-ply="0"] svg.board [data-at="a"]', {timeout: 5000});
        await p.click('[data-test="edit"]');
        await p.waitForSelector('[data-test="editor"]', {timeout: 5000});
        await tool(p, 'seeds');
        await p.fill('[data-test="editor-count"]', '0');
        await cell(p, 'a');
        await p.click('[data-test="editor-done"]');
        await p.waitForFunction(() => document.querySelector('[data-test="editor-error"]')?.textContent.includes('48 seeds'), null, {timeout: 5000});
        check((await p.textContent('[data-test="editor-error"]')) === 'pits and stores must hold 48 seeds in all, not 44', 'the seeds must add up');
        await p.fill('[data-test="editor-count"]', '8');
        await cell(p, 'b');
        await p.click('[data-test="editor-done"]');
        await p.waitForFunction(() => document.querySelector('[data-test="position-text"]').value === 'S:0,8,4,4,4,4,4,4,4,4,4,4:0,0', null, {timeout: 5000});
        await p.waitForSelector('[data-test="analysis"]:not([data-editing])', {timeout: 5000});
    }],

    ['position editor: an Oferhlýp token at half strength, too many tokens refused', async ({browser, base}) => {
        const p = await new_player(browser, base, '#/analysis/oferhlyp');
        await p.waitForSelector('[data-test="analysis"][data-ply="0"] svg.board [data-at="E1"]', {timeout: 5000});
        await p.click('[data-test="edit"]');
        await p.waitForSelector('[data-test="editor"]', {timeout: 5000});
        await tool(p, '1-man-1');           // the second side's token with 1 hit point
        await cell(p, 'D4');
        await p.waitForSelector('svg.board [data-at="D4"].hp-1', {timeout: 5000});
        await p.click('[data-test="editor-done"]');
        await p.waitForFunction(() => document.querySelector('[data-test="editor-error"]')?.textContent === 'a side has more than 14 tokens', null, {timeout: 5000});
        await tool(p, 'erase');
        await cell(p, 'A1');
        await p.click('[data-test="editor-done"]');
        await p.waitForSelector('[data-test="analysis"]:not([data-editing])', {timeout: 5000});
        await p.waitForFunction(() => document.querySelector('[data-test="position-text"]').value === 'DDD+DDDD/DDDDDDD/7/3l3/7/LLLLLLL/1LL+LLLL dark', null, {timeout: 5000});
        await p.waitForSelector('[data-test="analysis"] svg.board [data-at="D4"].hp-1', {timeout: 5000});
    }],
];
