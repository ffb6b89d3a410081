import {game_room, play_move} from './lib.mjs';
import {resign} from './helpers.mjs';

// What the play-screen scenarios share: the window sizes they check, where
// an element sits, who has the focus, and who is to move.
export const viewports = [{width: 1280, height: 720}, {width: 1920, height: 1080}, {width: 390, height: 844}];

// The first legal move of the player to move, as the page was told it.
export async function first_move(page) {
    return page.evaluate(() => window.kibitz.game.state.board.moves[0]);
}

// The page of the two whose turn it is, then the other.
export async function mover_first(a, b) { return await a.locator('.game[data-turn="me"]').count() ? [a, b] : [b, a]; }

// Whether every element matching `sel` lies inside the viewport, unscrolled.
export async function inside(page, sel) {
    return page.evaluate((s) => {
        window.scrollTo(0, 0);
        const els = [...document.querySelectorAll(s)];
        return els.length > 0 && els.every((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
        });
    }, sel);
}

// What has the keyboard focus, as something a test can compare.
export async function focused(page) {
    return page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}|${el.getAttribute('data-action') || el.getAttribute('data-test') || ''}` : '';
    });
}

// A checkers game against the computer at level 8, played quickly and badly
// to the end (so the review has marks to show); returns its room id.
export async function lose_to_computer(a) {
    await a.selectOption('[data-test="computer-game"]', 'checkers');
    await a.selectOption('[data-test="computer-level"]', '8');
    await a.selectOption('[data-test="computer-colour"]', 'black');
    await a.click('[data-test="computer-play"]');
    const room = await game_room(a);
    await play_until_over(a);
    return room;
}

// Plays some legal move at each turn of `a` until the game is over.
export async function play_until_over(a) {
    for (let i = 0; i < 200; i++) {
        await a.waitForSelector('.game[data-turn="me"], .game[data-status="over"]', {timeout: 15000});
        if (await a.locator('.game[data-status="over"]').count()) break;
        const text = await a.evaluate((k) => { const ms = window.kibitz.game.state.board.moves; return ms[(k * 7) % ms.length].text; }, i);
        await play_move([a], text);
    }
    await a.waitForSelector('.game[data-status="over"]', {timeout: 15000});
}

// Tournaments (tournament.mjs, swiss.mjs): a player waits where the site
// leaves them until a new game (not `prev`) is in play on their page; its room.
export async function next_game(page, prev, timeout = 30000) {
    await page.waitForFunction((p) => {
        const g = document.querySelector('.game[data-room][data-status="playing"]');
        return g && g.dataset.room !== p;
    }, prev, {timeout});
    return page.locator('.game').getAttribute('data-room');
}

// Two moves (so resigning is open), then the one not to move resigns.
export async function play_and_resign(a, b) {
    const [mover, other] = await mover_first(a, b);
    await play_move([mover, other], (await first_move(mover)).text);
    await play_move([mover, other], (await first_move(other)).text);
    await resign(other, [a, b]);
}
