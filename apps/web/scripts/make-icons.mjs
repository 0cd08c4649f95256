// Renders the app's PNG icons (web app manifest, apple-touch-icon) from public/favicon.svg with
// the Chromium the browser tests use (playwright-core, no native image library). Run after the
// logo changes and commit the PNGs: `node apps/web/scripts/make-icons.mjs`.
//   icon-192.png, icon-512.png                   purpose "any": the logo as it is, corners see-through
//   icon-maskable-192.png, icon-maskable-512.png purpose "maskable": full-bleed, the book inside
//                                                the safe zone (the middle 80% circle)
//   apple-touch-icon.png (180)                   full-bleed: iOS rounds the corners itself
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(here, '../public');
const outDir = path.join(publicDir, 'icons');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The logo's background colour and its artwork (everything but the rounded square). */
const background = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/i.exec(logo)?.[1];
const artwork = logo
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
if (!background) throw new Error('favicon.svg: no background <rect fill="#…"> found');

/** Full-bleed square: the artwork scaled by `scale` around the centre of the 64×64 view box. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${artwork}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // The artwork spans x 14..50, y 18..48, its farthest point 24.1 from the centre; at 0.8 that is
  // 19.3, well inside the safe zone's radius of 25.6 (40% of 64).
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed(0.8) },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.screenshot({
      path: path.join(outDir, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`${path.relative(process.cwd(), path.join(outDir, icon.file))} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
