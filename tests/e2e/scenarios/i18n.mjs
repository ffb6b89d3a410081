// The players' languages (issue 44, docs/i18n.md): a browser set to French,
// Portuguese or Spanish gets the site in its language from the first page,
// a game against the computer ends with its result in that language, and the
// header's picker changes the language in the middle of a game, without a
// reload and without stopping the game.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {online, game_room, play_move, check} from '../lib.mjs';
import {page_shot, register, log_in} from '../helpers.mjs';
import {play_until_over} from '../play_helpers.mjs';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../web/i18n');
const catalogue = (code) => JSON.parse(fs.readFileSync(path.join(web, `${code}.json`), 'utf8'));
const keys = Object.keys(catalogue('en'));

// A visitor whose browser speaks `locale` first.
async function visitor(browser, base, locale, viewport = {width: 1280, height: 800}) {
    const lang = locale.slice(0, 2);
    const context = await browser.newContext({viewport, locale, extraHTTPHeaders: {'Accept-Language': `${locale},${lang};q=0.9`}});
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  [page error] ${e.message}`));
    await page.goto(`${base}/`);
    await online(page);
    return page;
}

// No catalogue key shows raw anywhere on the page (a missing translation would).
async function no_raw_key(page, where) {
    const text = await page.evaluate(() => document.body.innerText);
    const raw = keys.filter((k) => text.includes(k));
    check(!raw.length, `${where}: raw keys on the page: ${raw.join(', ')}`);
}

// The home page in the visitor's language: the menu, the computer's card.
async function home_in(page, code, where) {
    const cat = catalogue(code);
    await page.locator('header nav a', {hasText: cat['nav.play']}).first().waitFor({timeout: 10000});
    await page.locator('[data-test="computer-play"]', {hasText: cat['computer.play']}).waitFor({timeout: 10000});
    check(await page.evaluate(() => document.documentElement.lang) === code, `${where}: <html lang="${code}">`);
    check(await page.locator('[data-test="language-picker"]').inputValue() === code, `${where}: the picker shows ${code}`);
    await no_raw_key(page, where);
}

export const scenarios = [

    ['i18n: French browser: home, a game against the computer to its result, in French', async ({browser, base, artifacts}) => {
        const fr = catalogue('fr');
        const a = await visitor(browser, base, 'fr-FR');
        await home_in(a, 'fr', 'fr home');
        await page_shot(a, artifacts, 'i18n-home-fr-1280x800');
        // The bell's list, the your-turn list, the tournaments and the puzzles, reached from the menu.
        await a.click('[data-test="bell"]');
        await a.locator('[data-test="notice-panel"]', {hasText: fr['notice.nothing_yet']}).waitFor({timeout: 5000});
        await a.click('[data-test="bell"]');
        await a.click('[data-test="nav-your-turn"]');
        await a.locator('[data-test="your-turn-page"]', {hasText: fr['turn.explain']}).waitFor({timeout: 5000});
        await a.click('[data-test="nav-tournaments"]');
        await a.locator('[data-test="tournaments"] h1', {hasText: fr['nav.tournaments']}).waitFor({timeout: 5000});
        await no_raw_key(a, 'fr tournaments');
        await a.click('[data-test="nav-puzzles"]');
        await a.locator('[data-test="puzzles-index"]').waitFor({timeout: 5000});
        check((await a.locator('h1').first().textContent()) === fr['nav.puzzles'], 'the puzzles page in French');
        await no_raw_key(a, 'fr puzzles');
        await a.click('header nav a[href="#/"]');
        await a.selectOption('[data-test="computer-game"]', 'checkers');
        check((await a.locator('[data-test="computer-game"] option[value="checkers"]').textContent()) === 'Dames anglaises', 'checkers is "Dames anglaises" in French');
        await a.selectOption('[data-test="computer-level"]', '8');
        await a.selectOption('[data-test="computer-colour"]', 'black');
        await a.click('[data-test="computer-play"]');
        await game_room(a);
        await a.locator('.player', {hasText: 'Ordinateur · niveau 8'}).waitFor({timeout: 5000});
        await a.locator('[data-action="abort"]', {hasText: fr['game.abort']}).waitFor({timeout: 5000});
        // A click on the opponent's piece says why nothing happens, in French.
        await a.waitForSelector('.game[data-turn="me"]', {timeout: 15000});
        await a.click('svg.board [data-cell="24"]');
        await a.locator('[data-test="board-note"]', {hasText: fr['refusal.opponents']}).waitFor({timeout: 5000});
        await play_until_over(a);
        const headline = await a.locator('[data-test="headline"]').textContent();
        check([fr['result.you_won'], fr['result.you_lost'], fr['result.you_draw']].includes(headline), `the headline is French: ${headline}`);
        const result = await a.locator('[data-test="result"]').textContent();
        check(/gagne|nulle/.test(result), `the result is French: ${result}`);
        await a.locator('[data-test="end-actions"]', {hasText: fr['game.rematch']}).waitFor({timeout: 5000});
        await no_raw_key(a, 'fr result');
        await page_shot(a, artifacts, 'i18n-result-fr-1280x800');
    }],

    ['i18n: Portuguese and Spanish browsers get the home page in their language', async ({browser, base, artifacts}) => {
        for (const [locale, code] of [['pt-PT', 'pt'], ['es-ES', 'es']]) {
            const p = await visitor(browser, base, locale, {width: 390, height: 844});
            await home_in(p, code, `${code} home`);
            await page_shot(p, artifacts, `i18n-home-${code}-390x844`);
            await p.context().close();
        }
        // A region we have no catalogue for falls back to its language.
        const br = await visitor(browser, base, 'pt-BR');
        await home_in(br, 'pt', 'pt-BR home');
    }],

    ['i18n: the header picker switches language mid-game, with no reload; the game goes on', async ({browser, base}) => {
        const a = await visitor(browser, base, 'en-US');
        await home_in(a, 'en', 'en home');
        await a.selectOption('[data-test="computer-tc"]', 'none');
        await a.click('[data-test="computer-play"]');
        await game_room(a);
        await a.locator('[data-action="abort"]', {hasText: 'Abort'}).waitFor({timeout: 5000});
        await a.evaluate(() => { window.still_the_same_page = true; });
        await a.selectOption('[data-test="language-picker"]', 'fr');
        await a.locator('[data-action="abort"]', {hasText: catalogue('fr')['game.abort']}).waitFor({timeout: 5000});
        await a.locator('header nav a', {hasText: 'Apprendre'}).waitFor({timeout: 5000});
        check(await a.evaluate(() => window.still_the_same_page === true), 'the page was not reloaded');
        check(await a.evaluate(() => document.documentElement.lang) === 'fr', '<html lang> follows the picker');
        check(await a.evaluate(() => document.cookie.includes('kibitz_lang=fr')), 'the choice is kept in the cookie');
        // The game goes on: a refused move is told in French, then a move.
        await a.waitForSelector('.game[data-turn="me"]', {timeout: 15000});
        await a.fill('[data-test="notation"]', '99-98');
        await a.press('[data-test="notation"]', 'Enter');
        await a.locator('[data-test="toast"]', {hasText: catalogue('fr')['error.illegal']}).waitFor({timeout: 5000});
        const text = await a.evaluate(() => window.kibitz.game.state.board.moves[0].text);
        await play_move([a], text);
        await no_raw_key(a, 'fr game after the switch');
        // Back to English, and the cookie keeps the choice for the next visit.
        await a.selectOption('[data-test="language-picker"]', 'en');
        await a.locator('[data-action="resign"], [data-action="abort"]', {hasText: /Resign|Abort/}).first().waitFor({timeout: 5000});
        await a.selectOption('[data-test="language-picker"]', 'es');
        await a.goto(a.url().replace(/#.*$/, '#/'));
        await online(a);
        await home_in(a, 'es', 'es home from the cookie');
    }],

    ['i18n: an account keeps its language: logged in on another browser, the site speaks it', async ({browser, base}) => {
        const name = `lang${Date.now() % 1000000}`;
        const a = await visitor(browser, base, 'en-US');
        await register(a, base, name);
        const saved = a.waitForResponse((r) => r.url().endsWith('/api/account/language') && r.request().method() === 'POST');
        await a.selectOption('[data-test="language-picker"]', 'pt');
        check((await saved).ok(), 'the account keeps the choice');
        await home_in(a, 'pt', 'pt after the pick');
        await a.context().close();
        // Another browser, English, no cookie: English until the log-in, then Portuguese.
        const b = await visitor(browser, base, 'en-US');
        await home_in(b, 'en', 'en before the log-in');
        await log_in(b, base, name);
        await b.locator('header nav a', {hasText: catalogue('pt')['nav.play']}).first().waitFor({timeout: 10000});
        check(await b.evaluate(() => document.documentElement.lang) === 'pt', 'the account\'s language after the log-in');
        await no_raw_key(b, 'pt after the log-in');
        await b.context().close();
    }],
];
