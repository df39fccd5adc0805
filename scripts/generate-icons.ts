// Renders the app icons of the web manifest from one SVG logo (the favicon's two waves on a dark
// tile) with headless Chromium, and writes them to public/icons/:
//   icon-192.png, icon-512.png  purpose "any": the rounded tile on a transparent background
//   maskable-512.png            purpose "maskable": full-bleed background, logo inside the 80 %
//                               safe zone so any platform mask keeps it whole
//   apple-touch-icon.png        180 x 180, opaque (iOS adds its own rounding)
//   favicon-48.png              the tab's icon (index.html), the rounded tile: a PNG, as Chromium
//                               draws an SVG favicon on the page's main thread during the load
//                               (an SVG document of its own, 4-40 ms; bench/README.md, issue 17)
//
//   npx tsx scripts/generate-icons.ts
//
// Deterministic: regenerating changes nothing unless the drawing does. The PNGs are committed.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = path.join(ROOT, 'public/icons');
const TILE = '#171717';

const waves = (stroke: number) =>
  `<path d="M6 13c2.5-2 5-2 7.5 0s5 2 7.5 0 3.5-1.5 5-1M6 19c2.5-2 5-2 7.5 0s5 2 7.5 0 3.5-1.5 5-1" fill="none" stroke="#fff" stroke-width="${stroke}" stroke-linecap="round"/>`;

/** The tile with rounded corners, drawn in a 32 x 32 box. */
const roundedTile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${TILE}"/>${waves(2.2)}</svg>`;

/** Square full-bleed background; the waves scaled into the central 80 % (safe zone). */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TILE}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${waves(2.2)}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: roundedTile },
  { file: 'icon-512.png', size: 512, svg: roundedTile },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
  { file: 'favicon-48.png', size: 48, svg: roundedTile },
];

async function main() {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const { file, size, svg } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `) +
          `</body></html>`,
      );
      const png = await page.screenshot({ type: 'png', omitBackground: true });
      await writeFile(path.join(OUT, file), png);
      await page.close();
      console.log(`public/icons/${file} (${size}x${size}, ${png.length} bytes)`);
    }
  } finally {
    await browser.close();
  }
}

await main();
