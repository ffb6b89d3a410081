// The menu's bell (issue 25, the notification list kept on the server): two
// accounts start a correspondence game (a live one adds nothing: its page is
// open), each bell counts it unread; the list names the game
// and leads to it; "mark all read" clears the count on every tab and the
// count stays cleared after a reload (kept on the server); turning a kind off
// is kept too. Screenshots of the open list at 1280×800 and 390×844. A guest
// is told why there is no push switch, and led to sign up.
import {new_player, online, check} from '../lib.mjs';
import {register, page_shot} from '../helpers.mjs';

const count = (p) => p.locator('[data-test="bell-count"]');

export const scenarios = [
    ['notifications: the bell counts a new game, lists it, marks read, keeps preferences', async ({browser, base, artifacts}) => {
        const tag = Date.now() % 100000;
        const a = await new_player(browser, base, '#/', {width: 1280, height: 800});
        const b = await new_player(browser, base, '#/', {width: 390, height: 844});
        await register(a, base, `bella${tag}`);
        await register(b, base, `bellb${tag}`);
        for (const p of [a, b]) {
            await p.goto(`${base}/#/`);
            await online(p);
            check(await count(p).count() === 0, 'no unread count at first');
            await p.selectOption('[data-test="quick-game"]', 'checkers');
            await p.click('button[data-tc="days:1"]');
        }
        for (const p of [a, b]) await p.waitForURL(/#\/game\//, {timeout: 10000});
        const room = a.url().split('/').pop();
        for (const p of [a, b]) await count(p).filter({hasText: '1'}).waitFor({timeout: 5000});

        await a.click('[data-test="bell"]');
        const item = a.locator('[data-test="notice"][data-kind="game_started"]');
        await item.waitFor({timeout: 5000});
        check(/against bellb/.test(await item.textContent()), `names the opponent: ${await item.textContent()}`);
        check((await item.locator('a').getAttribute('href')) === `#/game/${room}`, 'leads to the game');
        await page_shot(a, artifacts, 'notifications-1280x800');
        await b.click('[data-test="bell"]');
        await b.locator('[data-test="notice"]').first().waitFor({timeout: 5000});
        await page_shot(b, artifacts, 'notifications-390x844');

        // Mark all read: the count goes, also after a reload (kept on the server).
        await a.click('[data-test="notice-read-all"]');
        await count(a).waitFor({state: 'detached', timeout: 5000});
        await a.reload();
        await online(a);
        await a.click('[data-test="bell"]');
        await a.locator('[data-test="notice"]').first().waitFor({timeout: 5000});
        check(await count(a).count() === 0, 'still read after a reload');
        check(await a.locator('[data-test="notice"].unread').count() === 0, 'no entry marked unread');

        // Turning "game started" off is kept.
        const box = a.locator('[data-test="notice-kind-game_started"]');
        await box.waitFor({timeout: 5000});
        check(await box.isChecked(), 'every kind is on at first');
        await box.uncheck();
        await a.waitForFunction(() => window.kibitz.bell.s.prefs && window.kibitz.bell.s.prefs.muted.includes('game_started'), null, {timeout: 5000});
        await a.reload();
        await online(a);
        await a.click('[data-test="bell"]');
        await a.locator('[data-test="notice-kind-game_started"]').waitFor({timeout: 5000});
        check(!(await a.locator('[data-test="notice-kind-game_started"]').isChecked()), 'the choice is kept');
    }],
    ['notifications: a guest is told push is for accounts, with the way to sign up', async ({browser, base, artifacts}) => {
        for (const [width, height] of [[1280, 800], [390, 844]]) {
            const g = await new_player(browser, base, '#/', {width, height});
            await g.click('[data-test="bell"]');
            const note = g.locator('[data-test="notice-guest"]');
            await note.waitFor({timeout: 5000});
            const text = await note.textContent();
            check(/with the site closed/.test(text) && /for accounts/.test(text), `says push is for accounts: ${text}`);
            check(await g.locator('[data-test="notice-push"]').count() === 0, 'no push switch for a guest');
            check(await g.locator('[data-test="notice-prefs"]').count() === 0, 'no settings for a guest');
            const box = await note.boundingBox();
            check(box && box.x >= 0 && box.x + box.width <= width, `the note fits the width: ${JSON.stringify(box)}`);
            await page_shot(g, artifacts, `notifications-guest-${width}x${height}`);
            await g.click('[data-test="notice-signup"]');
            await g.waitForURL(/#\/login$/, {timeout: 5000});
            await g.context().close();
        }
    }],
];
