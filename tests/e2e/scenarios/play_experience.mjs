// What a newcomer meets on the boards (issue 23): why a click did nothing,
// pieces that can move lighting up, lessons that keep the board the right
// way up and mark the moves, diagrams that mark the move they describe, the
// keyboard's diagonal keys, and boards that fit the window.
import {new_player, check} from '../lib.mjs';
import {page_shot} from '../helpers.mjs';
import {inside} from '../play_helpers.mjs';

const cell = (p, id) => p.locator(`svg.board [data-cell="${id}"]`);

// The board's one-line answer to a click, once it shows.
async function note_says(p, pattern) {
    const note = p.locator('[data-test="board-note"]:not([hidden])');
    await note.waitFor({timeout: 5000});
    const text = await note.textContent();
    check(pattern.test(text), `the board says why: "${text}"`);
}

async function open_lesson(p, base, game, id) {
    await p.goto(`${base}/#/learn/${game}/${id}`);
    await p.waitForSelector('[data-test="lesson"][data-step="0"] svg.board', {timeout: 5000});
    await p.waitForFunction(() => window.kibitz.lesson && window.kibitz.lesson.moves.length > 0, null, {timeout: 5000});
}

export const scenarios = [

    ['experience: a click that cannot start a move says why (lesson, analysis board, game)', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/', {width: 1280, height: 800});
        // The compulsory capture, in the rules core's words.
        await open_lesson(p, base, 'checkers', 'forced-capture');
        await cell(p, '31').click();
        await note_says(p, /^A capture is compulsory: 23 must jump$/);
        check(await p.locator('[data-test="lesson"][data-result]').count() === 0, 'no move was tried');
        // A piece that can move lights up under the pointer; one that cannot does not.
        const fill = async (id) => { await cell(p, id).hover(); return cell(p, id).evaluate((el) => getComputedStyle(el).fill); };
        const lit = await fill('23'), dark = await fill('31');
        check(lit !== dark && !/rgba\(0, 0, 0, 0\)|transparent|none/.test(lit), `23 lights up (${lit}), 31 does not (${dark})`);
        await page_shot(p, artifacts, 'experience-why-capture');
        // A selected piece, then a cell it cannot reach.
        await cell(p, '23').click();
        await cell(p, '22').click();
        await note_says(p, /^23 cannot go to 22$/);
        // Oware: the opponent's pits, an empty pit and the feeding rule.
        await open_lesson(p, base, 'oware', 'first-sowing');
        await cell(p, 'B').click();
        await note_says(p, /^That belongs to your opponent$/);
        await open_lesson(p, base, 'oware', 'feed-the-opponent');
        await cell(p, 'b').click();
        await note_says(p, /^That pit is empty$/);
        await cell(p, 'a').click();
        await note_says(p, /^North's row is empty: you must sow a pit that reaches it$/);
        // The analysis board answers the same way.
        await p.goto(`${base}/#/analysis/checkers?position=${encodeURIComponent('W:W23,26,27,30,31:B1,3,7,10,18,19')}`);
        await p.waitForSelector('[data-test="analysis"][data-ply="0"] svg.board [data-cell="31"]', {timeout: 5000});
        await p.waitForFunction(() => window.kibitz.analysis && window.kibitz.analysis.moves.length > 0, null, {timeout: 5000});
        await cell(p, '26').click();
        await note_says(p, /^A capture is compulsory: 23 must jump$/);
        // The game page: a blocked man, then "not your turn" to a spectator.
        await p.goto(`${base}/#/`);
        await p.selectOption('[data-test="computer-game"]', 'checkers');
        await p.selectOption('[data-test="computer-colour"]', 'black');
        await p.selectOption('[data-test="computer-tc"]', 'none');
        await p.click('[data-test="computer-play"]');
        await p.waitForSelector('.game[data-turn="me"] svg.board [data-cell="1"]', {timeout: 10000});
        await cell(p, '1').click();
        await note_says(p, /^That piece has no legal move now$/);
        await cell(p, '11').click();
        await cell(p, '15').click();
        await p.waitForSelector('.game[data-ply="1"]', {timeout: 5000});
        const room = await p.locator('.game').getAttribute('data-room');
        const c = await new_player(browser, base, `#/game/${room}`);
        await c.waitForSelector('.game[data-seat="spectator"] svg.board [data-cell="22"]', {timeout: 8000});
        await cell(c, '22').click();
        await note_says(c, /^You are watching: only the players move$/);
    }],

    ['experience: lessons keep the board the right way up and mark the moves; diagrams mark theirs', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/', {width: 1280, height: 800});
        await open_lesson(p, base, 'checkers', 'crowning');
        const y_of = async (id) => (await cell(p, id).boundingBox()).y;
        const top_before = await y_of('1');
        await cell(p, '7').click();
        await cell(p, '3').click();
        await p.waitForSelector('[data-test="lesson"][data-step="1"]', {timeout: 5000});
        // The scripted reply is marked as the last move.
        const marked = await p.locator('svg.board .marks .mark-last').count();
        check(marked >= 2, `the reply's squares are marked (${marked})`);
        const moves = await p.evaluate(() => window.kibitz.lesson.moves);
        const jump = moves.find((m) => m.text === '3x12x19');
        check(jump, 'the second step is offered');
        for (const id of jump.path) await cell(p, id).click();
        await p.waitForSelector('[data-test="lesson"][data-done="true"] [data-test="next-lesson"]', {timeout: 5000});
        await p.waitForFunction(() => document.querySelectorAll('svg.board .marks .mark-last').length >= 3, null, {timeout: 5000});
        check(Math.abs(await y_of('1') - top_before) < 1, 'after "Well done!" the board is still the learner\'s way up');
        await page_shot(p, artifacts, 'experience-lesson-done');
        // Rules diagrams: a diagram with moves marks the last; one that only
        // describes a move marks its cells.
        await p.goto(`${base}/#/learn/checkers`);
        await p.waitForFunction(() => document.querySelectorAll('[data-test="diagram"][data-ready="true"]').length >= 5, null, {timeout: 10000});
        const marks = await p.evaluate(() => [...document.querySelectorAll('[data-test="diagram"]')].map((f) => f.dataset.marked || ''));
        check(marks.includes('23 19'), `the opening diagram marks 23-19 (${marks.join(' | ')})`);
        check(marks.includes('20'), 'the stuck man on 20 is marked');
    }],

    ['experience: the keyboard moves diagonally in one press, and moves are read out', async ({browser, base}) => {
        const p = await new_player(browser, base, '#/', {width: 1280, height: 800});
        await open_lesson(p, base, 'checkers', 'first-move');
        await cell(p, '11').focus();
        await p.keyboard.press('Enter');
        // The key whose diagonal points from 11 to 15 on screen.
        const a = await cell(p, '11').boundingBox(), b = await cell(p, '15').boundingBox();
        const key = b.y < a.y ? (b.x > a.x ? 'PageUp' : 'Home') : (b.x > a.x ? 'PageDown' : 'End');
        await p.keyboard.press(key);
        check(await p.evaluate(() => document.activeElement.getAttribute('data-cell')) === '15', `${key} goes from 11 to 15 in one press`);
        await p.keyboard.press('Enter');
        await p.waitForSelector('[data-test="lesson"][data-done="true"]', {timeout: 5000});
        // A spectator hears each move in words.
        await p.goto(`${base}/#/`);
        await p.selectOption('[data-test="computer-game"]', 'checkers');
        await p.selectOption('[data-test="computer-colour"]', 'black');
        await p.selectOption('[data-test="computer-tc"]', 'none');
        await p.click('[data-test="computer-play"]');
        await p.waitForSelector('.game[data-turn="me"]', {timeout: 10000});
        await p.waitForFunction(() => window.kibitz.game.state.players.length === 2, null, {timeout: 5000});
        await cell(p, '11').click();
        await cell(p, '15').click();
        await p.waitForSelector('.game[data-ply="2"]', {timeout: 10000});
        const heard = await p.locator('[data-test="announce"] > :last-child').textContent();
        check(/^White played \d+-\d+, from \d+ to \d+$/.test(heard), `the computer's reply in words: "${heard}"`);
    }],

    ['experience: lesson and game boards fit the window; on a phone the lesson speaks above the board', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/', {width: 1280, height: 720});
        for (const [game, id] of [['checkers', 'forced-capture'], ['oferhlyp', null], ['opprimo', null]]) {
            const lesson = id || (await p.evaluate(async (g) => (await (await fetch(`learn/${g}.json`)).json()).lessons[0].id, game));
            await open_lesson(p, base, game, lesson);
            check(await inside(p, 'svg.board'), `${game}: the whole lesson board is in a 1280x720 window`);
        }
        await page_shot(p, artifacts, 'experience-lesson-1280x720');
        await p.setViewportSize({width: 390, height: 844});
        await open_lesson(p, base, 'opprimo', (await p.evaluate(async () => (await (await fetch('learn/opprimo.json')).json()).lessons[0].id)));
        await p.click('button:text-is("Hint")');
        const board_top = (await p.locator('svg.board').boundingBox()).y;
        for (const sel of ['[data-test="lesson-says"]', '[data-test="lesson-hint"]', '[data-test="lesson-goal"]']) {
            const box = await p.locator(sel).boundingBox();
            check(box && box.y < board_top, `${sel} sits above the board on a phone`);
        }
        await page_shot(p, artifacts, 'experience-lesson-phone');
    }],

    ['experience: readable point names, and 3:1 contrast on the 7x7 board and the pits', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/', {width: 1280, height: 800});
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await p.setViewportSize(vp);
            await p.goto(`${base}/#/learn/opprimo`);
            await p.waitForSelector('[data-test="diagram"][data-ready="true"] .pt-name', {timeout: 10000});
            // Measured once every diagram is drawn: one still empty can leave
            // a drawn one narrower for a moment (a full-suite run caught 9.9 px).
            const measure = () => Math.min(...[...document.querySelectorAll('svg.board')].filter((svg) => svg.querySelector('.pt-name')).map((svg) => {
                const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return parseFloat(getComputedStyle(svg.querySelector('.pt-name')).fontSize) * scale;
            }));
            await p.waitForFunction(() => [...document.querySelectorAll('[data-test="diagram"]')]
                .every((f) => f.dataset.ready === 'true' || f.querySelector('p.muted')), null, {timeout: 10000});
            const smallest = await p.evaluate(measure);
            check(smallest >= 11, `Opprimo point names at ${vp.width} wide: ${smallest.toFixed(1)} px`);
        }
        await page_shot(p, artifacts, 'experience-opprimo-names-phone');
        await p.setViewportSize({width: 1280, height: 800});
        await p.goto(`${base}/#/learn/oferhlyp`);
        await p.waitForSelector('[data-test="diagram"][data-ready="true"] .piece-light', {timeout: 10000});
        await p.waitForSelector('[data-test="diagram"][data-ready="true"] .piece-dark', {timeout: 10000});
        const ratios = await p.evaluate(() => {
            const lum = (c) => {
                const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((x) => x / 255)
                    .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };
            const style = (sel) => getComputedStyle(document.querySelector(sel));
            const light = style('.board-squares7 .sq-light').fill, dark = style('.board-squares7 .sq-dark').fill;
            const token = (side) => style(`.board-squares7 .piece-${side} .body`);
            const edge = (side, sq) => Math.max(ratio(token(side).fill, sq), ratio(token(side).stroke, sq));
            return {squares: ratio(light, dark), light_on_light: edge('light', light), light_on_dark: edge('light', dark),
                dark_on_light: edge('dark', light), dark_on_dark: edge('dark', dark)};
        });
        for (const [what, r] of Object.entries(ratios)) check(r >= 3, `Oferhlýp ${what}: ${r.toFixed(2)}:1`);
        await p.goto(`${base}/#/learn/oware`);
        await p.waitForSelector('[data-test="diagram"][data-ready="true"] .pit-name', {timeout: 10000});
        const pits = await p.evaluate(() => {
            const lum = (c) => {
                const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((x) => x / 255)
                    .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const [x, y] = [lum(getComputedStyle(document.querySelector('.pit-name')).fill), lum(getComputedStyle(document.querySelector('.tray')).fill)].sort((m, n) => n - m);
            return (x + 0.05) / (y + 0.05);
        });
        check(pits >= 3, `Oware pit letters: ${pits.toFixed(2)}:1`);
    }],
];
