// What several scenario files share: pairing two players, an invite, a spectator,
// playing a list of moves, clicking a move's path, screenshots.
import path from 'node:path';
import {new_player, online, game_room, ply, wait_ply, play_move, check} from './lib.mjs';

export async function pair_by_seek(browser, base, game, colour) {
    const a = await new_player(browser, base), b = await new_player(browser, base);
    await a.selectOption('[data-test="seek-game"]', game);
    await a.selectOption('[data-test="seek-colour"]', colour);
    await a.click('[data-test="seek-form"] button[type="submit"]');
    const mine = a.locator(`li.seek[data-game="${game}"]`).filter({hasText: 'Cancel'});
    await mine.waitFor({timeout: 5000});
    const id = await mine.getAttribute('data-seek');
    await b.click(`li.seek[data-seek="${id}"] button`);
    const room = await game_room(a);
    check(room === await game_room(b), 'both players are in the same room');
    return {a, b, room};
}

export async function pair_by_quick(browser, base, game, tc) {
    const a = await new_player(browser, base), b = await new_player(browser, base);
    for (const p of [a, b]) {
        await p.selectOption('[data-test="quick-game"]', game);
        await p.click(`button[data-tc="${tc}"]`);
    }
    const room = await game_room(a);
    check(room === await game_room(b), 'both players are in the same room');
    return {a, b, room};
}

// A third context finds the game in the lobby's live list and opens it.
export async function watch(browser, base, room, viewport) {
    const c = await new_player(browser, base, '#/', viewport);
    await c.click(`li[data-room="${room}"] a`, {timeout: 8000});
    await c.waitForSelector('.game[data-seat="spectator"]');
    check(await c.locator('[data-test="controls"]').count() === 0, 'a spectator sees no controls');
    check(await c.locator('form.notation').isHidden(), 'a spectator has no move box');
    return c;
}

export async function seat_of(page) { return page.locator('.game').getAttribute('data-seat'); }

// Plays the moves, checking after each that the spectator saw it too.
export async function play_all(players, spectator, moves, opts = {}) {
    for (const [i, m] of moves.entries()) {
        await play_move([...players, spectator], m, {drag: opts.drag_first && i === 0});
        const seen = await spectator.locator('[data-test="moves"] li').last().textContent();
        check(seen === m, `spectator saw ${seen}, expected ${m}`);
        if (opts.after) await opts.after(i + 1);
    }
}

export async function all_cells_labelled(page) {
    const n = await page.locator('svg.board [data-cell]').count();
    const unlabelled = await page.locator('svg.board [data-cell]:not([aria-label])').count();
    check(n > 0 && unlabelled === 0, `every cell has an aria-label (${unlabelled} of ${n} missing)`);
}

export async function resign(page, pages) {
    await page.click('[data-action="resign"]'); await page.click('[data-action="resign"][data-confirm]');
    for (const p of pages) await p.waitForSelector('.game[data-status="over"]', {timeout: 5000});
    const text = await pages[0].locator('[data-test="result"]').textContent();
    check(/resign/.test(text), `banner gives the reason: ${text}`);
}

export async function shot(page, artifacts, name) {
    await page.locator('.board-wrap').screenshot({path: path.join(artifacts, `${name}.png`)});
}
export async function page_shot(page, artifacts, name) {
    await page.screenshot({path: path.join(artifacts, `${name}.png`)});
}

// Clicks a legal move's path on the board; confirms "stop here" when a chain could go on.
export async function click_path(page, move) {
    for (const id of move.path) await page.locator(`svg.board [data-cell="${id}"]`).click();
    const stop = page.locator('[data-test="stop-here"]', {hasText: move.text});
    if (await stop.count()) await stop.first().click();
}
// Registers (or logs in) `name` through the login page; waits until the
// header names the account.
async function account_form(page, base, name, button) {
    await page.goto(`${base}/#/login`);
    await online(page);
    await page.fill('input[name="username"]', name);
    await page.fill('input[name="password"]', 'correct horse battery');
    await page.click(`button:text-is("${button}")`);
    await page.waitForFunction((n) => document.querySelector('[data-test="me-name"]')?.textContent === n, name, {timeout: 8000});
}
export async function register(page, base, name) { return account_form(page, base, name, 'Register'); }
export async function log_in(page, base, name) { return account_form(page, base, name, 'Log in'); }

// A player in the lobby inviting a friend with the seek form's "Invite a
// friend" (5+3 and casual, the form's defaults): the page, its link, the
// inviter's name and the link's hash.
export async function invite_from_lobby(browser, base, game, colour = 'random') {
    const page = await new_player(browser, base);
    await page.selectOption('[data-test="seek-game"]', game);
    await page.selectOption('[data-test="seek-colour"]', colour);
    await page.click('[data-test="seek-form"] button[type="button"]');
    const url = await page.locator('[data-test="invite"] .invite-url').inputValue({timeout: 5000});
    const name = await page.locator('[data-test="me-name"]').textContent();
    return {page, url, name, hash: `#/invite/${url.split('#/invite/')[1]}`};
}
