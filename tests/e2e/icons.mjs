// Draws the app's PNG icons (web/icons/icon-<size>.png, named in
// web/manifest.webmanifest) from web/icons/icon.svg with Debian's Chromium, so
// no image tool is needed: `node tests/e2e/icons.mjs`, then commit the PNGs.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {launch_browser} from './lib.mjs';

const icons = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/icons');
const svg = fs.readFileSync(path.join(icons, 'icon.svg'), 'utf8');
const browser = await launch_browser();
try {
    for (const size of [192, 512]) {
        const page = await browser.newPage({viewport: {width: size, height: size}});
        await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`);
        await page.screenshot({path: path.join(icons, `icon-${size}.png`), clip: {x: 0, y: 0, width: size, height: size}});
        await page.close();
    }
} finally {
    await browser.close();
}
