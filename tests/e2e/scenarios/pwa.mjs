// The installable app (issue 25, "An installable app"). Lighthouse's
// installability audit cannot run here (it needs the network and its own
// Chromium), so these are its checks written against the page: the manifest
// parses and has what installing needs (names, start URL in scope,
// standalone, theme colour, 192 and 512 px PNG icons that load at their
// declared sizes); the service worker controls the page after a reload; the
// app then opens offline to a page that says so and leaves it by itself when
// the network is back; nothing from /api/ is ever in its cache.
import {check, online} from '../lib.mjs';
import {check_a11y} from '../a11y.mjs';

// Every cached request's path, across all of the origin's caches (run in the page).
async function cached_paths() {
    const names = await caches.keys();
    const lists = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
    return lists.flat();
}
const shell_sample = ['/', '/js/app.js', '/js/ui/vdom.js', '/js/pages/offline_view.js', '/css/main.css', '/icons/icon-192.png'];

export const scenarios = [
    ['pwa: manifest, service worker control, offline start and reconnect, no API in the cache', async ({browser, base, artifacts}) => {
        const context = await browser.newContext({viewport: {width: 1280, height: 800}});
        // An older version's cache, there before the worker: it goes when the worker takes over.
        await context.addInitScript(() => { if (!navigator.serviceWorker.controller) caches.open('kibitz-shell-v0'); });
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error(`  [page error] ${e.message}`));
        await page.goto(`${base}/#/`);
        await online(page);

        // The manifest, as the browser finds it from the page.
        const m = await page.evaluate(async () => {
            const link = document.querySelector('link[rel="manifest"]');
            const res = await fetch(link.href);
            return {type: res.headers.get('content-type'), url: res.url, json: await res.json(),
                meta_theme: document.querySelector('meta[name="theme-color"]')?.content};
        });
        const j = m.json;
        check(m.type === 'application/manifest+json', `the manifest's type: ${m.type}`);
        check(j.name && j.short_name && j.short_name.length <= 12, `names: ${j.name} / ${j.short_name}`);
        check(j.display === 'standalone', `display: ${j.display}`);
        const start = new URL(j.start_url, m.url), scope = new URL(j.scope || '/', m.url);
        check(start.origin === new URL(base).origin && start.pathname.startsWith(scope.pathname), `start_url ${start} in scope ${scope}`);
        check(/^#[0-9a-f]{6}$/i.test(j.theme_color) && j.theme_color === m.meta_theme, `theme colour ${j.theme_color}, the page's ${m.meta_theme}`);
        for (const size of [192, 512]) {
            const icon = j.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && (i.purpose || 'any').includes('any'));
            check(icon, `an icon of ${size} px`);
            const got = await page.evaluate((src) => new Promise((resolve) => {
                const img = new Image();
                img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
                img.onerror = () => resolve(null);
                img.src = src;
            }), new URL(icon.src, m.url).href);
            check(got && got[0] === size && got[1] === size, `the ${size} px icon loads at its size: ${got}`);
        }

        // The service worker: registered from the root, controls the page after a reload.
        const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active.scriptURL));
        check(new URL(script).pathname === '/sw.js', `the worker: ${script}`);
        await page.reload();
        await online(page);
        check(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the worker controls the page after a reload');
        const names = await page.evaluate(() => caches.keys());
        check(names.length === 1 && names[0] !== 'kibitz-shell-v0', `one versioned cache, the old one deleted: ${names}`);
        // The whole app shell is cached (the modules app.js imports, deep ones too).
        await page.waitForFunction(async (want) => {
            const names = await caches.keys();
            const lists = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
            return want.every((p) => lists.flat().includes(p));
        }, shell_sample, {timeout: 15000});

        // Offline: a reload opens the cached app, which says it is offline.
        await context.setOffline(true);
        await page.reload();
        await page.waitForSelector('[data-test="offline"]', {timeout: 15000});
        check(/You are offline/.test(await page.locator('[data-test="offline"] h1').innerText()), 'the offline page says so');
        check(await page.title() === 'Offline · Kibitz', `the title: ${await page.title()}`);
        await page.screenshot({path: `${artifacts}/pwa-offline-1280.png`});
        await check_a11y(page, 'the offline page, desktop');
        await page.setViewportSize({width: 390, height: 844});
        await page.screenshot({path: `${artifacts}/pwa-offline-390.png`});
        await check_a11y(page, 'the offline page, phone');
        await page.setViewportSize({width: 1280, height: 800});

        // Back online: it reconnects and draws the lobby without a click.
        await context.setOffline(false);
        await online(page);
        await page.waitForSelector('[data-test="offline"]', {state: 'detached', timeout: 10000});
        await page.waitForFunction(() => document.title === 'Play · Kibitz');

        // Nothing from the API was ever cached, though the page asked it while controlled.
        const paths = await page.evaluate(cached_paths);
        check(paths.length > 20, `the shell is cached (${paths.length} entries)`);
        const api = paths.filter((p) => p.startsWith('/api/') || p === '/ws');
        check(api.length === 0, `no API answer in the cache: ${api.join(', ')}`);
        await context.close();
    }],
];
