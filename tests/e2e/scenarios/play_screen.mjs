// The play screen off the main path: panels that keep focus and half-typed
// text while they update (virtual DOM), boards that fit the window, toasts,
// the header, and the small things a lichess player expects.
import {check} from '../lib.mjs';
import {pair_by_quick, page_shot} from '../helpers.mjs';

// What has the keyboard focus, as something a test can compare.
async function focused(page) {
    return page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}|${el.getAttribute('data-action') || el.getAttribute('data-test') || ''}` : '';
    });
}

export const scenarios = [
    // A chat line arrives while the player is typing one: the text and the
    // focus stay. The opponent leaves: the claim countdown ticks each second
    // and a focused control button keeps the focus throughout.
    ['panels: chat keeps a half-typed line, the countdown keeps the focus', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        await a.click('[data-test="chat-input"]');
        await a.keyboard.type('half a thou');
        await b.fill('[data-test="chat-input"]', 'hello from b');
        await b.press('[data-test="chat-input"]', 'Enter');
        await a.locator('[data-test="chat-log"] li', {hasText: 'hello from b'}).waitFor({timeout: 5000});
        check(await a.inputValue('[data-test="chat-input"]') === 'half a thou', 'the half-typed chat line is kept');
        check(await focused(a) === 'INPUT|chat-input', `the chat input keeps the focus (${await focused(a)})`);
        await a.keyboard.type('ght');
        await a.keyboard.press('Enter');
        await b.locator('[data-test="chat-log"] li', {hasText: 'half a thought'}).waitFor({timeout: 5000});
        check(await a.inputValue('[data-test="chat-input"]') === '', 'a sent line empties the input');

        // The opponent goes away (its tab closes): the countdown ticks.
        await b.context().close();
        const wait = a.locator('[data-test="claim-wait"]');
        await wait.waitFor({timeout: 8000});
        await a.locator('[data-action="draw.offer"]').focus();
        check(await focused(a) === 'BUTTON|draw.offer', 'the draw button has the focus');
        const first = await wait.textContent();
        await a.waitForFunction((t) => {
            const el = document.querySelector('[data-test="claim-wait"]');
            return el && el.textContent !== t;
        }, first, {timeout: 5000});
        check(await focused(a) === 'BUTTON|draw.offer', `the countdown did not take the focus (${await focused(a)})`);
        await page_shot(a, artifacts, 'panels-opponent-away');
    }],
];
