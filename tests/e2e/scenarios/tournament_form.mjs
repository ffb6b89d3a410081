// Creating a tournament from the list: a guest is asked to log in; an
// account fills the form (a private Swiss event with an entry code) and
// lands on its page; a guest there is refused without the code and joins
// with it.
import path from 'node:path';
import {new_player, check} from '../lib.mjs';
import {register} from '../helpers.mjs';

export const scenarios = [
    ['tournament form: an account creates a private Swiss; a guest joins with its code', async ({browser, base, artifacts}) => {
        const guest = await new_player(browser, base, '#/tournaments');
        await guest.waitForSelector('[data-test="create-tournament"] a[href="#/login"]', {timeout: 5000});
        check(await guest.locator('[data-test="t-create"]').count() === 0, 'no form for a guest');

        const org = await new_player(browser, base, '#/');
        await register(org, base, `tf${Date.now() % 100000}`);
        await org.goto(`${base}/#/tournaments`);
        await org.waitForSelector('[data-test="t-create"]', {timeout: 5000});
        await org.fill('[data-test="t-name"]', 'Club Swiss');
        await org.selectOption('[data-test="t-kind"]', 'swiss');
        await org.waitForSelector('[data-test="t-rounds"]');
        await org.fill('[data-test="t-rounds"]', '3');
        await org.fill('[data-test="t-code"]', 'club42');
        await org.fill('[data-test="t-starts_in_min"]', '30');
        // No clock at all: the server refuses and the form says why.
        await org.fill('[data-test="t-initial_min"]', '0');
        await org.fill('[data-test="t-increment_s"]', '0');
        await org.click('[data-test="t-create"]');
        const why = await org.locator('[data-test="t-message"]').textContent({timeout: 5000});
        check(/clock/.test(why), `refused with a reason: ${why}`);
        await org.locator('[data-test="create-tournament"]').screenshot({path: path.join(artifacts, 'tournament-form.png')});
        await org.fill('[data-test="t-initial_min"]', '3');
        await org.click('[data-test="t-create"]');
        await org.waitForSelector('[data-test="tournament"][data-status="created"]', {timeout: 5000});
        const about = await org.locator('[data-test="tournament"]').textContent();
        check(/Club Swiss/.test(about) && /Swiss, 3 rounds/.test(about) && /Starts in/.test(about), `page: ${about}`);
        const id = org.url().split('#/tournament/')[1];

        // A guest: no code, refused; the code, in.
        await guest.goto(`${base}/#/tournament/${id}`);
        await guest.waitForSelector('[data-test="entry-code"]', {timeout: 5000});
        await guest.click('[data-test="join"]');
        const refused = await guest.locator('[data-test="tournament-message"]').textContent({timeout: 5000});
        check(/entry code/.test(refused), `refused: ${refused}`);
        await guest.fill('[data-test="entry-code"]', 'club42');
        await guest.click('[data-test="join"]');
        await guest.waitForSelector('[data-test="withdraw"]', {timeout: 5000});
    }],
];
