// The account page's API tokens (issue 26): made with chosen scopes, the
// secret shown once, listed without it, revoked; a bot account made with one
// carries the BOT tag on its profile.
import {new_player, check} from '../lib.mjs';
import {register} from '../helpers.mjs';

export const scenarios = [
    ['account: an API token is made, shown once, used to become a bot, and revoked', async ({browser, base}) => {
        const name = `tok${Date.now() % 100000}`;
        const p = await new_player(browser, base, '#/');
        await register(p, base, name);
        await p.goto(`${base}/#/login`);
        await p.waitForSelector('[data-test="api-tokens"]', {timeout: 5000});
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
        await p.goto(`${base}/#/player/${name}`);
        await p.waitForSelector('h1 [data-test="bot-tag"]', {timeout: 5000});

        // Revoked from the page, the token opens nothing any more.
        await p.goto(`${base}/#/login`);
        await p.waitForSelector('[data-test="token-revoke"]', {timeout: 5000});
        p.once('dialog', (d) => d.accept());
        await p.click('[data-test="token-revoke"]');
        await p.waitForSelector('[data-test="token-list"] [data-token-id]', {state: 'detached', timeout: 5000});
        const after = await p.evaluate(async (t) => (await fetch('/api/account', {headers: {Authorization: `Bearer ${t}`}})).status, secret);
        check(after === 401, `a revoked token is refused (got ${after})`);
    }],
];
