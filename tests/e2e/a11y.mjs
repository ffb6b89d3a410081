// Automated accessibility checks: axe-core (npm, tests/e2e's package.json)
// is loaded into the page under test by the tooling, never shipped in web/.
// A page passes when axe finds no serious or critical violation.
import fs from 'node:fs';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const axe_source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// The serious and critical violations on `page` as it is now: [{id, impact, help, targets}].
export async function axe_violations(page) {
    // Evaluated through the DevTools protocol: the page's Content-Security-Policy
    // (scripts from the site only) does not apply to the test's own code.
    if (!await page.evaluate(() => !!window.axe)) await page.evaluate(axe_source);
    const found = await page.evaluate(async () => {
        const r = await window.axe.run(document, {resultTypes: ['violations']});
        return r.violations.map((x) => ({id: x.id, impact: x.impact, help: x.help, targets: x.nodes.slice(0, 5).map((n) => n.target.join(' '))}));
    });
    return found.filter((x) => x.impact === 'serious' || x.impact === 'critical');
}

// Throws with what axe found, naming the page.
export async function check_a11y(page, what) {
    const bad = await axe_violations(page);
    if (bad.length) {
        throw new Error(`accessibility (${what}): ${bad.map((x) => `${x.impact} ${x.id}: ${x.help} at ${x.targets.join(', ')}`).join('; ')}`);
    }
}
