// Blocks and reports from a profile (issue 43), clicking as a person does:
// two accounts meet in a game; ada mutes bob's chat line, then the whole
// chat, and back; she opens bob's profile by clicking his name and blocks him; bob opens hers the same way, and his challenge is refused
// in words; he reports her from her profile; ada unblocks him from her
// account page. Screenshots of the profile and the account page at 1280x800
// and 390x844, axe-clean. Every wait is on what the page shows.
import {new_player, game_room, check} from '../lib.mjs';
import {register, page_shot} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';

export const scenarios = [
    ['safety: a person blocks another from the profile; the blocked one\'s challenge is refused in words; a report is sent', async ({browser, base, artifacts}) => {
        const stamp = Date.now() % 100000;
        const ada_name = `ada${stamp}`, bob_name = `bob${stamp}`;
        const ada = await new_player(browser, base), bob = await new_player(browser, base);
        await register(ada, base, ada_name);
        await register(bob, base, bob_name);
        // They meet in a casual game: ada's seek, bob takes it in the lobby.
        for (const p of [ada, bob]) await p.waitForSelector('[data-test="seek-form"]', {timeout: 8000});
        await ada.selectOption('[data-test="seek-game"]', 'checkers');
        await ada.click('[data-test="seek-form"] button[type="submit"]');
        const mine = ada.locator('li.seek[data-game="checkers"]').filter({hasText: 'Cancel'});
        await mine.waitFor({timeout: 5000});
        const id = await mine.getAttribute('data-seek');
        await bob.click(`li.seek[data-seek="${id}"] button`);
        const room = await game_room(ada);
        check(room === await game_room(bob), 'both in the same room');

        // Mutes are ada's own: bob's lines, then the whole chat, hidden on her page only.
        await bob.fill('[data-test="chat-input"]', 'hello there');
        await bob.press('[data-test="chat-input"]', 'Enter');
        const line = ada.locator('[data-test="chat-log"] li', {hasText: 'hello there'});
        await line.waitFor({timeout: 5000});
        await line.locator('[data-test="chat-mute"]').click();
        await ada.waitForSelector('[data-test="chat-log"] li.muted-line [data-test="chat-mute"]:text-is("Unmute")', {timeout: 5000});
        check(!(await ada.locator('[data-test="chat-log"]').textContent()).includes('hello there'), 'the muted line is hidden');
        check((await bob.locator('[data-test="chat-log"]').textContent()).includes('hello there'), 'bob still sees his line');
        await ada.click('[data-test="chat-mute-all"]');
        await ada.waitForSelector('[data-test="chat-muted"]', {timeout: 5000});
        await ada.click('[data-test="chat-mute-all"]');
        await ada.locator('[data-test="chat-log"] li.muted-line [data-test="chat-mute"]').click();
        await ada.locator('[data-test="chat-log"] li', {hasText: 'hello there'}).waitFor({timeout: 5000});

        // ada: bob's name in the game, then Block on his profile.
        await ada.click(`.game a.name:text-is("${bob_name}")`);
        await ada.waitForSelector('[data-test="profile-block"]:text-is("Block")', {timeout: 8000});
        await ada.click('[data-test="profile-block"]');
        await ada.waitForSelector('[data-test="profile-block"]:text-is("Unblock")', {timeout: 5000});
        check(await ada.locator('[data-test="profile-blocked"]').isVisible(), 'the profile says bob is blocked');
        check(await ada.locator('[data-test="bot-challenge"]').count() === 0, 'no challenge to a blocked player');

        // bob: ada's name in the game, then Challenge on her profile: refused in words.
        await bob.click(`.game a.name:text-is("${ada_name}")`);
        await bob.waitForSelector('[data-test="bot-challenge"] [data-test="challenge-send"]', {timeout: 8000});
        check(await bob.locator('[data-test="profile-block"]').textContent() === 'Block', 'bob is not told he is blocked');
        await bob.click('[data-test="challenge-send"]');
        await bob.waitForSelector('[data-test="challenge-msg"]:text-is("You cannot challenge this player.")', {timeout: 5000});

        // bob reports ada from her profile.
        await bob.click('[data-test="profile-report"]');
        await bob.waitForSelector('[data-test="report-form"]', {timeout: 5000});
        await bob.check('[data-test="report-reason-stall"]');
        await bob.fill('[data-test="report-text"]', 'left the game without moving');
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await bob.setViewportSize(vp);
            await page_shot(bob, artifacts, `safety-report-form-${vp.width}x${vp.height}`);
        }
        await check_a11y(bob, 'the profile with the report form');
        await bob.click('[data-test="report-send"]');
        await bob.waitForSelector('[data-test="report-sent"]', {timeout: 5000});
        await page_shot(bob, artifacts, 'safety-report-sent-390x844');

        // ada's account page lists bob; Unblock empties the list.
        await ada.click('[data-test="me-name"]');
        await ada.click('a:text-is("Account / log out")');
        await ada.waitForSelector(`[data-test="blocks-list"] li[data-name="${bob_name}"]`, {timeout: 5000});
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await ada.setViewportSize(vp);
            await page_shot(ada, artifacts, `safety-account-blocks-${vp.width}x${vp.height}`);
        }
        await check_a11y(ada, 'the account page with a block');
        await ada.click(`[data-test="blocks-list"] li[data-name="${bob_name}"] [data-test="unblock"]`);
        await ada.waitForSelector('[data-test="blocks-none"]', {timeout: 5000});
        // Unblocked, bob's challenge goes through.
        await bob.click('[data-test="challenge-send"]');
        await bob.waitForSelector(`[data-test="challenge-msg"]:text-is("Waiting for ${ada_name} to answer…")`, {timeout: 5000});
    }],
];
