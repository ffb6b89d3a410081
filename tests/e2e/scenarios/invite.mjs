// An invite's link, opened by a friend in another browser: it says who
// invites them, to which game, on which clock, rated or not and with which
// colour, and starts nothing until Accept; Decline closes it and the
// inviter's pages (the lobby, the invite's own page, "challenge a friend
// from here") say who declined.
import {new_player, game_room, play_move, wait_ply, check} from '../lib.mjs';
import {page_shot, invite_from_lobby} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';

const viewports = [{width: 1280, height: 800}, {width: 390, height: 844}];

// What of the invitation and its two buttons is outside the first screen
// (or cut at its sides), and whether the page scrolls sideways.
function out_of_view(page) {
    return page.evaluate(() => {
        const bad = [];
        if (document.documentElement.scrollWidth > window.innerWidth) bad.push('the page scrolls sideways');
        for (const s of ['[data-test="invite-offer"]', '[data-test="invite-accept"]', '[data-test="invite-decline"]']) {
            const r = document.querySelector(s)?.getBoundingClientRect();
            if (!r || !r.width) bad.push(`${s}: not shown`);
            else if (r.left < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) bad.push(`${s}: outside the first screen`);
        }
        return bad;
    });
}

// What the lobby holds for this page's player, asked now (lobby.yours comes
// from the lobby after everything sent before it).
function lobby_yours(page) {
    return page.evaluate(() => new Promise((resolve) => {
        const off = window.kibitz.socket.on('lobby.yours', (d) => { off(); resolve(d); });
        window.kibitz.socket.send('lobby.sub');
    }));
}

export const scenarios = [
    ['invite: the link shows who invites and the terms; nothing starts until Accept, then the first move', async ({browser, base, artifacts}) => {
        const {page: a, name, hash} = await invite_from_lobby(browser, base, 'checkers', 'black');
        const b = await new_player(browser, base, hash);
        const offer = b.locator('[data-test="invite-offer"]');
        await offer.waitFor({timeout: 5000});
        const text = (await offer.textContent()).replace(/\s+/g, ' ');
        check(text === `${name} invites you to play Checkers, 5 min + 3 s a move, casual, you play white.`, `the invitation in words: ${text}`);
        for (const vp of viewports) {
            await b.setViewportSize(vp);
            const bad = await out_of_view(b);
            check(!bad.length, `the invitation at ${vp.width}×${vp.height}: ${bad.join('; ')}`);
            await check_a11y(b, `invite page ${vp.width}×${vp.height}`);
            await page_shot(b, artifacts, `invite-offer-${vp.width}x${vp.height}`);
        }

        // Opening the link started nothing: no game for either player, the invite still open.
        const yours = await lobby_yours(a);
        check(yours.rooms.length === 0 && yours.invites.length === 1, `before Accept: ${JSON.stringify(yours)}`);
        check(!await b.locator('.game').count(), 'no game page before Accept');

        await b.click('[data-test="invite-accept"]');
        const room = await game_room(b);
        check(room === await game_room(a), 'both players are in the same room');
        check(await a.locator('.game').getAttribute('data-seat') === '0', 'the inviter plays Black, as asked');
        await play_move([a, b], '11-15');
        await wait_ply(b, 1);
    }],
    ['invite: Decline shows it is declined, and the inviter\'s lobby and invite page say who declined', async ({browser, base, artifacts}) => {
        const {page: a, url, hash} = await invite_from_lobby(browser, base, 'checkers');
        // The inviter's second tab, on the invite's own page.
        const a2 = await a.context().newPage();
        await a2.goto(url);
        await a2.locator('[data-test="invite-status"]', {hasText: 'your own invitation'}).waitFor({timeout: 5000});

        const b = await new_player(browser, base, hash);
        const b_name = await b.locator('[data-test="me-name"]').textContent();
        await b.locator('[data-test="invite-offer"]').waitFor({timeout: 5000});
        await b.click('[data-test="invite-decline"]');
        await b.locator('[data-test="invite-status"]', {hasText: 'You declined the invitation'}).waitFor({timeout: 5000});
        await page_shot(b, artifacts, 'invite-declined');

        await a.locator('[data-test="toast"]', {hasText: `${b_name} declined your invitation to play Checkers`}).waitFor({timeout: 5000});
        await a.locator('[data-test="invite"]').waitFor({state: 'detached', timeout: 5000});
        await a2.locator('[data-test="invite-status"]', {hasText: `${b_name} declined your invitation`}).waitFor({timeout: 5000});
        check(!await a2.locator('[data-test="invite-copy"]').count(), 'a declined invite has no link to copy');
        await page_shot(a2, artifacts, 'invite-declined-inviter');

        // The link is spent.
        await b.reload();
        await b.locator('[data-test="invite-status"]', {hasText: 'no longer open'}).waitFor({timeout: 5000});
        check(!await b.locator('[data-test="invite-accept"]').count(), 'no Accept on a closed invite');
    }],
    ['invite: "challenge a friend from here" says when the friend declines', async ({browser, base}) => {
        const a = await new_player(browser, base, '#/analysis/checkers');
        await a.click('[data-test="here-friend"]');
        const url = await a.locator('[data-test="here-invite-url"]').inputValue({timeout: 5000});
        const b = await new_player(browser, base, `#/invite/${url.split('#/invite/')[1]}`);
        const b_name = await b.locator('[data-test="me-name"]').textContent();
        await b.click('[data-test="invite-decline"]');
        await a.locator('[data-test="here-declined"]', {hasText: `${b_name} declined your invitation`}).waitFor({timeout: 5000});
        check(!await a.locator('[data-test="here-invite-url"]').count(), 'the declined link is gone');
    }],
];
