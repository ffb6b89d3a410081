// Web Push in the browser (issue 25; docs/push.md). The scenario is the
// browser's push service: Chromium headless has no push service offline
// (pushManager.subscribe needs the network), so the scenario makes the
// subscription's keys itself, subscribes the account through the API with a
// local push endpoint (the server allows plain http to 127.0.0.1 here), and
// when the server's encrypted message arrives there it decrypts it (npm
// http_ece) and relays the plaintext to the page's service worker as a push
// event (DevTools' ServiceWorker.deliverPushMessage, the hop a real push
// service would make). With the notification permission granted through
// Playwright, the service worker must show the game's notification. Then the
// bell's "on this device" switch: it either subscribes (if the browser's
// pushManager works offline) or says clearly why not; either way the page
// does not break.
import fs from 'node:fs';
import crypto from 'node:crypto';
import http from 'node:http';
import {createRequire} from 'node:module';
import {new_player, online, check} from '../lib.mjs';
import {register} from '../helpers.mjs';

const ece = createRequire(import.meta.url)('http_ece');

// A push endpoint on 127.0.0.1: answers 201 and hands each request to `on_push`.
async function push_endpoint(on_push) {
    const server = http.createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
            res.writeHead(201).end();
            on_push({headers: req.headers, body: Buffer.concat(chunks)});
        });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {url: `http://127.0.0.1:${server.address().port}/push/a`, close: () => server.close()};
}

export const scenarios = [
    ['web push: a relayed push is shown by the service worker; the switch subscribes or says why not', async ({browser, base}) => {
        const tag = Date.now() % 100000;
        const a = await new_player(browser, base, '#/', {width: 1280, height: 800});
        await a.context().grantPermissions(['notifications'], {origin: base});
        const b = await new_player(browser, base, '#/', {width: 1100, height: 800});
        await register(a, base, `pusha${tag}`);
        await register(b, base, `pushb${tag}`);

        // The subscription's keys, as a browser would make them.
        const ua = crypto.createECDH('prime256v1');
        ua.generateKeys();
        const auth = crypto.randomBytes(16);
        let arrived;
        const pushed = new Promise((resolve) => { arrived = resolve; });
        const endpoint = await push_endpoint(arrived);
        try {
            const sub = {endpoint: endpoint.url, keys: {p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url')}};
            const answer = await a.evaluate(async (s) => (await import('/js/net/http.js')).api('POST', '/api/push/subscribe', s), sub);
            check(answer.subscribed === true, `subscribed: ${JSON.stringify(answer)}`);

            // The service worker is in charge of the page (registered by the app).
            await a.evaluate(() => navigator.serviceWorker.ready);
            const cdp = await a.context().newCDPSession(a);
            const registration = new Promise((resolve) => cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
                const r = e.registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(base));
                if (r) resolve(r.registrationId);
            }));
            await cdp.send('ServiceWorker.enable');

            // A correspondence game between the two accounts (a live one notifies nothing): "game started", pushed to a's subscription.
            for (const p of [a, b]) {
                await p.selectOption('[data-test="quick-game"]', 'checkers');
                await p.click('button[data-tc="days:1"]');
            }
            await a.waitForURL(/#\/game\//, {timeout: 10000});
            const room = a.url().split('/').pop();
            const got = await Promise.race([pushed, new Promise((_, reject) => setTimeout(() => reject(new Error('no push reached the endpoint in 10 s')), 10000))]);
            check(got.headers['content-encoding'] === 'aes128gcm', `Content-Encoding: ${got.headers['content-encoding']}`);
            check(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(got.headers.authorization), `Authorization: ${got.headers.authorization}`);
            const plain = ece.decrypt(got.body, {version: 'aes128gcm', privateKey: ua, authSecret: auth.toString('base64url')}).toString('utf8');
            const note = JSON.parse(plain);
            check(note.kind === 'game_started' && note.data.room === room, `the message: ${plain}`);

            // Relayed to the service worker as the push service would: it shows the notification.
            await cdp.send('ServiceWorker.deliverPushMessage', {origin: base, registrationId: await registration, data: plain});
            // Shown notifications raise no event in the page: asked until there (bounded by the race).
            const shown = await Promise.race([
                a.evaluate(async (r) => {
                    for (;;) {
                        const list = await (await navigator.serviceWorker.ready).getNotifications();
                        const hit = list.find((n) => n.title === 'Kibitz' && /has started/.test(n.body) && n.data && n.data.url === `/#/game/${r}`);
                        if (hit) return hit.body;
                        await new Promise((done) => setTimeout(done, 50));
                    }
                }, room),
                new Promise((_, reject) => setTimeout(() => reject(new Error('the service worker showed no notification in 10 s')), 10000)),
            ]);
            check(shown.includes(`pushb${tag}`), `names the opponent: ${shown}`);

            // In the reader's language: after a pick of French in the header,
            // the same push is worded from the French catalogue.
            await a.selectOption('[data-test="language-picker"]', 'fr');
            const fr = JSON.parse(fs.readFileSync(new URL('../../../web/i18n/fr.json', import.meta.url), 'utf8'));
            const in_french = fr['notice.game_started'].replace('{game}', fr['game_name.checkers']).replace('{opponent}', `pushb${tag}`);
            await cdp.send('ServiceWorker.deliverPushMessage', {origin: base, registrationId: await registration, data: plain});
            const shown_fr = await Promise.race([
                a.evaluate(async (want) => {
                    for (;;) {
                        const list = await (await navigator.serviceWorker.ready).getNotifications();
                        const hit = list.find((n) => n.body === want);
                        if (hit) return hit.body;
                        await new Promise((done) => setTimeout(done, 50));
                    }
                }, in_french),
                new Promise((_, reject) => setTimeout(() => reject(new Error(`no notification reading "${in_french}" in 10 s`)), 10000)),
            ]);
            check(shown_fr === in_french, `in French: ${shown_fr}`);
            await a.selectOption('[data-test="language-picker"]', 'en');
        } finally {
            endpoint.close();
        }

        // The switch in the bell's preferences: on, then either subscribed or a clear reason.
        await a.goto(`${base}/#/`);
        await online(a);
        await a.click('[data-test="bell"]');
        const box = a.locator('[data-test="notice-push"]');
        await box.waitFor({timeout: 5000});
        await box.check({force: true}).catch(() => {});
        await a.waitForFunction(() => !window.kibitz.bell.s.push.busy, null, {timeout: 15000});
        const state = await a.evaluate(() => ({on: window.kibitz.bell.s.push.on, error: window.kibitz.bell.s.error}));
        if (state.on) console.log('  (pushManager.subscribe worked offline: the switch subscribed)');
        else {
            console.log(`  (pushManager.subscribe does not work offline here: "${state.error}")`);
            check(/push service refused|cannot receive/.test(state.error), `a clear reason: ${state.error}`);
            check(await a.locator('[role="alert"]').filter({hasText: state.error}).count() === 1, 'the reason is shown');
            check(!(await box.isChecked()), 'the switch is back off');
        }
    }],
];
