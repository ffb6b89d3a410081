// Browser tests of the web client: real kibitz-server, Debian's Chromium via
// playwright-core (never downloads a browser). Builds nothing: expects
// build/bin/kibitz-server (or $KIBITZ_SERVER). Prints "N passed, N failed"
// last and exits non-zero on any failure; the server and browser are always
// killed; the whole run is bounded by a global deadline.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {start_server, launch_browser} from './lib.mjs';
import {scenarios} from './scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const binary = process.env.KIBITZ_SERVER || path.join(root, 'build/bin/kibitz-server');
const artifacts = path.join(here, 'artifacts');
const per_test_ms = 90000, whole_run_ms = 20 * 60000;

// KIBITZ_E2E_WORKERS=N runs the scenarios on N pairs of a server and a
// browser: each pair takes the next scenario from one queue and runs it
// alone, so a scenario still sees one server and one browser at a time, as
// when they ran in a row. One pair by default: Chromium keeps the 2 cores
// 84% busy with one pair and 98% with two, and two pairs took the whole run
// from 597 s to 512 s only (docs/safety_net.md), too little for waits
// measured on a saturated machine.
const workers = Math.max(1, Number(process.env.KIBITZ_E2E_WORKERS || 1));
const pairs = [];
let passed = 0, failed = 0;

async function cleanup() {
    await Promise.all(pairs.map(async ({server, browser}) => {
        try { if (browser) await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000))]); } catch { /* already gone */ }
        try { if (browser && browser.process && browser.process()) browser.process().kill('SIGKILL'); } catch { /* gone */ }
        if (server) server.stop();
    }));
}

const deadline = setTimeout(async () => {
    console.error(`the whole run took longer than ${whole_run_ms / 1000} s: stopping`);
    await cleanup();
    console.log(`${passed} passed, ${failed + 1} failed`);
    process.exit(1);
}, whole_run_ms);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, async () => { await cleanup(); process.exit(130); });

async function run_one(pair, name, fn) {
    const {browser} = pair;
    const started = Date.now();
    const contexts_before = new Set(browser.contexts());
    try {
        await Promise.race([
            fn({browser, base: pair.server.base, artifacts}),
            new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${per_test_ms / 1000} s`)), per_test_ms)),
        ]);
        passed++;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (e) {
        failed++;
        pair.failed = true;
        console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
        const pages = browser.contexts().filter((c) => !contexts_before.has(c)).flatMap((c) => c.pages());
        let i = 0;
        for (const p of pages) await p.screenshot({path: path.join(artifacts, `fail-${name.replace(/\W+/g, '_')}-${i++}.png`)}).catch(() => {});
    }
    // Each scenario's contexts are closed so guests do not pile up.
    for (const c of browser.contexts()) if (!contexts_before.has(c)) await c.close().catch(() => {});
}

async function main() {
    if (!fs.existsSync(binary)) {
        console.error(`no server binary at ${binary} (build it, or set KIBITZ_SERVER)`);
        console.log('0 passed, 1 failed');
        return 1;
    }
    fs.mkdirSync(artifacts, {recursive: true});
    const only = process.argv[2];
    const queue = scenarios.filter(([name]) => !only || name.includes(only));
    for (let w = 0; w < Math.min(workers, queue.length); w++) {
        const pair = {server: null, browser: null, failed: false};
        pairs.push(pair);
        pair.server = await start_server(binary, path.join(root, 'web'));
        pair.browser = await launch_browser();
    }
    await Promise.all(pairs.map(async (pair) => {
        while (queue.length) {
            const [name, fn] = queue.shift();
            await run_one(pair, name, fn);
        }
    }));
    for (const pair of pairs)
        if (pair.failed) console.error(`server log (tail):\n${pair.server.log().split('\n').slice(-30).join('\n')}`);
    return failed ? 1 : 0;
}

let code = 1;
try { code = await main(); } catch (e) { console.error(e && e.stack ? e.stack : e); failed++; code = 1; }
await cleanup();
clearTimeout(deadline);
console.log(`${passed} passed, ${failed} failed`);
process.exit(code);
