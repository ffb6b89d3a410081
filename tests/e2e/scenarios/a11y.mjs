// Accessibility: axe-core on every page of the site, at 1280x800 and
// 390x844, with what each page shows once loaded. No serious or critical
// violation anywhere; the failure lists every one found, page by page.
import {new_player, game_room, play_move, check} from '../lib.mjs';
import {axe_violations} from '../a11y.mjs';

const viewports = [{width: 1280, height: 800}, {width: 390, height: 844}];

// [name, hash, selector that says the page has drawn]
function pages(room, invite, me) {
    return [
        ['home', '#/', '[data-test="learn-card"] li'],
        ['learn index', '#/learn', '[data-test="learn-index"] li'],
        ['rules', '#/learn/checkers', '[data-test="diagram"][data-ready="true"]'],
        ['lesson', '#/learn/checkers/forced-capture', '[data-test="lesson"] svg.board [data-cell]'],
        ['game', `#/game/${room}`, '.game[data-status] svg.board'],
        ['replay', `#/replay/${room}`, '[data-test="replay"][data-ply] svg.board'],
        ['analysis', '#/analysis/oware', '[data-test="eval"][data-depth]'],
        ['position editor', '#/analysis/checkers?edit=1', '[data-test="editor"]'],
        ['no such game', '#/analysis/nosuchgame', '[data-test="no-such-game"]'],
        ['tools', '#/tools', '[data-test="tools"]'],
        ['bots', '#/bots', '[data-test="no-bots"], [data-test="bot-list"]'],
        ['profile', `#/player/${encodeURIComponent(me)}`, '[data-test="games"] li'],
        ['leaderboard', '#/leaderboard/checkers', 'main h1'],
        ['login', '#/login', 'input[name="username"]'],
        ['invite', `#/invite/${invite}`, 'main h1, main h2'],
        ['not found', '#/nowhere', 'main h1'],
    ];
}

export const scenarios = [
    ['a11y: axe finds no serious or critical violation on any page, desktop and phone', async ({browser, base}) => {
        // A game to show (against the computer, a move in) and an invite to open.
        const a = await new_player(browser, base);
        const me = await a.locator('[data-test="me-name"]').textContent();
        await a.selectOption('[data-test="computer-game"]', 'checkers');
        await a.selectOption('[data-test="computer-colour"]', 'black');
        await a.click('[data-test="computer-play"]');
        const room = await game_room(a);
        await play_move([a], '11-15');
        await a.click('header nav a[href="#/"]');
        await a.click('[data-test="seek-form"] button[type="button"]');
        const url = await a.locator('[data-test="invite-url"], input.invite-url').first().inputValue({timeout: 5000});
        const invite = url.split('#/invite/')[1];
        const found = [];
        for (const vp of viewports) {
            await a.setViewportSize(vp);
            for (const [name, hash, ready] of pages(room, invite, me)) {
                await a.goto(`${base}/${hash}`);
                await a.waitForSelector(ready, {timeout: 15000});
                for (const x of await axe_violations(a)) found.push(`${name} ${vp.width}: ${x.impact} ${x.id} (${x.help}) at ${x.targets.join(', ')}`);
            }
        }
        check(found.length === 0, `accessibility violations:\n  ${found.join('\n  ')}`);
    }],
];
