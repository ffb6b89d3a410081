// A person challenges a bot from its profile and plays it (issue 26). The bot
// is real: kibitz-bot, the bridge in bot/, with kibitz-cli as its engine, on
// a bot account made through the HTTP API. The person finds it on the bots
// page (online, BOT), challenges it from its profile, the bridge accepts, and
// the game is played by clicking on the normal game page until the person
// resigns; the bots page then lists it among the bot's games. axe on the bots
// page, the profile and the game; screenshots at 1280x800 and 390x844 in the
// artifacts.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {new_player, game_room, ply, wait_ply, play_move, check} from '../lib.mjs';
import {register, resign} from '../helpers.mjs';
import {check_a11y} from '../a11y.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// Beside the server under test: build/bin holds kibitz-bot and kibitz-cli too.
const bin = process.env.KIBITZ_SERVER ? path.dirname(process.env.KIBITZ_SERVER) : path.resolve(here, '../../../build/bin');
const viewports = [{width: 1280, height: 800}, {width: 390, height: 844}];

async function call(base, method, target, token, body) {
    const headers = {Authorization: `Bearer ${token}`};
    if (body) headers['Content-Type'] = 'application/json';
    const r = await fetch(`${base}${target}`, {method, headers, body: body && JSON.stringify(body)});
    return {status: r.status, j: await r.json()};
}

// A bot account with a bot:play token, and the bridge running on it; resolves
// once the bridge says its event stream is open. stop() ends it.
async function start_bot(base, name) {
    const reg = await fetch(`${base}/api/register`, {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({username: name, password: 'correct horse battery'})}).then((r) => r.json());
    const made = await call(base, 'POST', '/api/token', reg.token, {description: 'bridge', scopes: ['bot:play', 'challenge:write']});
    check(made.status === 201, `token made (${made.status})`);
    check((await call(base, 'POST', '/api/bot/account/upgrade', made.j.token)).status === 200, 'the account becomes a bot');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-e2e-bot-'));
    const file = path.join(dir, 'bot.token');
    fs.writeFileSync(file, made.j.token, {mode: 0o600});
    const proc = spawn(path.join(bin, 'kibitz-bot'), ['--server', base, '--token-file', file,
        '--engine', `${path.join(bin, 'kibitz-cli')} bestmove`, '--engine-args', '--level 1 --movetime 50'], {stdio: ['ignore', 'ignore', 'pipe']});
    let log = '';
    const stop = () => { if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM'); fs.rmSync(dir, {recursive: true, force: true}); };
    try {
        await new Promise((resolve, reject) => {
            proc.stderr.on('data', (b) => { log += b; if (log.includes('kibitz-bot: connected')) resolve(); });
            proc.on('exit', (code) => reject(new Error(`kibitz-bot stopped (${code}): ${log}`)));
            proc.on('error', reject);
        });
    } catch (e) { stop(); throw e; }
    return {stop, log: () => log};
}

async function shots(p, artifacts, name) {
    const size = p.viewportSize();
    for (const vp of viewports) {
        await p.setViewportSize(vp);
        await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await p.screenshot({path: path.join(artifacts, `bots-${name}-${vp.width}x${vp.height}.png`)});
    }
    await p.setViewportSize(size);
}

export const scenarios = [
    ['bots: a person challenges a running bot from its profile and plays it', async ({browser, base, artifacts}) => {
        const stamp = Date.now() % 100000;
        const bot_name = `bridge${stamp}`, me = `human${stamp}`;
        const bot = await start_bot(base, bot_name);
        try {
            const p = await new_player(browser, base);
            await register(p, base, me);

            // The bots page, from the menu: the bot, marked, connected.
            await p.click('header nav a[data-test="nav-bots"]');
            const card = p.locator(`[data-bot="${bot_name}"]`);
            await card.waitFor({timeout: 8000});
            check(await card.locator('[data-test="bot-tag"]').count() === 1, 'the bot is marked BOT');
            check((await card.locator('[data-test="bot-online"]').textContent()) === 'online', 'the bridge is connected: online');
            await check_a11y(p, 'bots page');
            await shots(p, artifacts, 'list');

            // Its profile: the challenge, casual, with the form's clock and colour.
            await card.locator('[data-test="bot-open"]').click();
            await p.waitForSelector('[data-test="bot-challenge"] [data-test="challenge-send"]', {timeout: 8000});
            await check_a11y(p, 'bot profile');
            await shots(p, artifacts, 'profile');
            await p.click('[data-test="challenge-send"]');

            // The bridge accepts: this tab goes to the game.
            const room = await game_room(p);
            check(!!room, 'the game page opens');
            const names = await p.locator('.game').textContent();
            check(names.includes(bot_name), 'the game page names the bot');
            // A few moves each, by clicking; the bot answers every one.
            for (let i = 0; i < 3; i++) {
                await p.waitForSelector('.game[data-turn="me"]', {timeout: 15000});
                const mv = await p.evaluate(() => window.kibitz.game.state.board.moves[0].text);
                const before = await ply(p);
                await play_move([p], mv);
                await wait_ply(p, before + 2, 15000);
            }
            await check_a11y(p, 'game against a bot');
            await shots(p, artifacts, 'game');
            await resign(p, [p]);
            check(bot.log().includes('accepted'), 'the bridge says it accepted');

            // The game is public: the bots page lists it among the bot's latest
            // (stored from its start; its result may still be on its way).
            await p.click('header nav a[data-test="nav-bots"]');
            const listed = p.locator(`[data-bot="${bot_name}"] .bot-recent li[data-game-id="${room}"]`);
            await listed.waitFor({timeout: 8000});
            const said = await listed.textContent();
            check(said.includes(`against ${me}`), `the bot's latest game names its opponent: ${said}`);
        } finally {
            bot.stop();
        }
    }],
];
