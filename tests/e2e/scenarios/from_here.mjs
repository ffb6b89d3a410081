// From the analysis board into a real game: "play the computer from here" and
// "challenge a friend from here" start from the position on the board.
import {new_player, game_room, check} from '../lib.mjs';
import {click_path, page_shot} from '../helpers.mjs';

// Checkers after 11-15 22-18 15x22 25x18: Black to move.
const after_four = 'B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12';

async function analysis_at(browser, base, text) {
    const p = await new_player(browser, base, `#/analysis/checkers?position=${encodeURIComponent(text)}`);
    await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
    return p;
}

async function start_of(page) {
    await page.waitForFunction(() => window.kibitz.game && window.kibitz.game.state, null, {timeout: 5000});
    return page.evaluate(() => window.kibitz.game.state.start_position || null);
}

export const scenarios = [
    ['from here: the computer and a friend from an analysis position', async ({browser, base, artifacts}) => {
        // A move on the analysis board, then the computer from the position after it.
        const p = await analysis_at(browser, base, after_four);
        const moves = await p.evaluate(() => window.kibitz.analysis.moves);
        const move = moves.find((m) => m.text === '9-14');
        check(move, '9-14 is offered');
        await click_path(p, move);
        await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
        const after = await p.inputValue('[data-test="position-text"]');
        check(after.startsWith('W:'), `White to move after 9-14: ${after}`);
        await p.selectOption('[data-test="here-colour"]', 'white');
        await p.click('[data-test="here-computer"]');
        await game_room(p);
        check(await start_of(p) === after, 'the game against the computer starts from the analysed position');
        check(await p.locator('.game').getAttribute('data-seat') === '1', 'the player has White, the side to move');
        await page_shot(p, artifacts, 'from-here-computer');

        // A friend: the invite link, opened by a second player and accepted, starts the game there.
        const a = await analysis_at(browser, base, after_four);
        await a.click('[data-test="here-friend"]');
        const url = await a.locator('[data-test="here-invite-url"]').inputValue({timeout: 5000});
        check(/#\/invite\//.test(url), `an invite link: ${url}`);
        const b = await new_player(browser, base, `#/invite/${url.split('#/invite/')[1]}`);
        const offer = await b.locator('[data-test="invite-offer"]').textContent({timeout: 5000});
        check(/from a chosen position/.test(offer), `the invitation says where it starts: ${offer}`);
        await b.click('[data-test="invite-accept"]');
        const room = await game_room(b);
        check(room === await game_room(a), 'both players are in the same room');
        check(await start_of(a) === after_four && await start_of(b) === after_four, 'both start from the position');
    }],
];
