// The account page's API tokens (issue 26): made with chosen scopes, the
// secret shown once, listed without it, revoked; a bot account made with one
// carries the BOT tag on its profile. Reached as a person does (their name,
// then "Account / log out"), the page is the account, not the log-in form
// (issue 41 item 10): the name and Log out, each setting under its heading,
// each checkbox beside its words, at 1280x800 and 390x844, axe-clean.
import {new_player, check} from '../lib.mjs';
import {register, page_shot} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';

export const scenarios = [
    ['account: an API token is made, shown once, used to become a bot, and revoked', async ({browser, base, artifacts}) => {
        const name = `tok${Date.now() % 100000}`;
        const p = await new_player(browser, base, '#/');
        await register(p, base, name);
        // The way a person finds it: their name in the header, then "Account / log out".
        await p.click('[data-test="me-name"]');
        await p.click('a:text-is("Account / log out")');
        await p.waitForSelector('[data-test="api-tokens"]', {timeout: 5000});
        // Logged in, the page is the account, not the log-in form.
        check(await p.locator('input[name="username"], input[name="password"], button:text-is("Register"), button:text-is("Log in")').count() === 0,
            'no log-in form while logged in');
        check(await p.locator('[data-test="account-name"]').textContent() === name, 'the account named');
        check(await p.locator('[data-test="account-logout"]').isVisible(), 'a Log out button');
        check(await p.title() === 'Account · Kibitz', `the title: ${await p.title()}`);
        // Each setting under a heading, each checkbox on the line of its words.
        check(await p.locator('[data-test="account-bots"] h2').textContent() === 'Challenges from bots', 'the bots setting has a heading');
        const same_line = async (sel) => p.evaluate((s) => {
            const box = document.querySelector(s), words = box.closest('label').querySelector('span');
            const a = box.getBoundingClientRect(), b = words.getBoundingClientRect();
            return b.left > a.right - 1 && b.top < a.bottom && a.top < b.top + 24;
        }, sel);
        for (const vp of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await p.setViewportSize(vp);
            check(await same_line('[data-test="bot-challenges"]'), `"Bots may challenge me" beside its box at ${vp.width}`);
            check(await same_line('[data-scope="bot:play"]'), `bot:play beside its box at ${vp.width}`);
            await page_shot(p, artifacts, `account-page-${vp.width}x${vp.height}`);
            await check_a11y(p, `the account page at ${vp.width}`);
        }
        await p.setViewportSize({width: 1100, height: 800});
        await p.fill('input[name="description"]', 'my engine');
        await p.check('[data-scope="bot:play"]');
        await p.click('button:text-is("Make a token")');
        const secret = (await p.locator('[data-test="token-secret"]').textContent({timeout: 5000})).trim();
        check(secret.startsWith('kbt_'), `a token is shown: ${secret.slice(0, 4)}…`);
        await p.waitForSelector('[data-test="token-list"] [data-token-id]', {timeout: 5000});
        const listed = await p.locator('[data-test="token-list"]').textContent();
        check(listed.includes('my engine') && listed.includes('bot:play'), 'the list names it and its scope');
        check(!listed.includes(secret.slice(4)), 'the list never shows the secret');

        // A program with the token turns the account into a bot: its profile says so.
        const up = await p.evaluate(async (t) => (await fetch('/api/bot/account/upgrade', {method: 'POST', headers: {Authorization: `Bearer ${t}`}})).status, secret);
        check(up === 200, `the upgrade answers 200 (got ${up})`);
        await p.click('[data-test="me-name"]');
        await p.waitForSelector('h1 [data-test="bot-tag"]', {timeout: 5000});

        // Revoked from the page, the token opens nothing any more.
        await p.click('a:text-is("Account / log out")');
        await p.waitForSelector('[data-test="token-revoke"]', {timeout: 5000});
        p.once('dialog', (d) => d.accept());
        await p.click('[data-test="token-revoke"]');
        await p.waitForSelector('[data-test="token-list"] [data-token-id]', {state: 'detached', timeout: 5000});
        const after = await p.evaluate(async (t) => (await fetch('/api/account', {headers: {Authorization: `Bearer ${t}`}})).status, secret);
        check(after === 401, `a revoked token is refused (got ${after})`);
    }],
];
