/**
 * Makes the installable app's PNG icons from public/favicon.svg, offline, with sharp (already in node_modules).
 * Run after changing the icon: `npx tsx frontend/scripts/make-app-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
// The favicon's own background: a maskable icon's safe zone is the inner 80 %, so it sits on a full square of it.
const BACKGROUND = '#047d95';

async function plain(size: number, name: string) {
  await sharp(svg, { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDir, name));
}

async function maskable(size: number, name: string) {
  const inner = Math.round(size * 0.7);
  const glyph = await sharp(svg, { density: 72 * (inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: glyph, gravity: 'centre' }])
    .png()
    .toFile(path.join(publicDir, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
// iOS ignores the manifest's icons and does its own rounding, so its icon is full bleed.
await maskable(180, 'apple-touch-icon.png');
