// Renders the demo villas' photos: three simple Cycladic scenes per villa of
// supabase/seeds/10_properties.sql (1: the villa on its hillside, 2: pool and sea, 3: evening over
// the village), drawn as SVG, varied per villa from a seed (palette, houses, domes, bougainvillea,
// island shapes, sun), and screenshotted to JPEG with headless Chromium. The files are committed
// under supabase/seeds/property-photos/<CODE>/<n>.jpg and reach the property-photos bucket through
// config.toml's objects_path, as the Supabase CLI seeds buckets.
//
//   npx tsx scripts/generate-villa-photos.ts            all villas
//   npx tsx scripts/generate-villa-photos.ts SAN-OIA-01 one villa
//
// Deterministic: the same code gives the same picture, so regenerating changes nothing unless the
// drawing code does.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SEED = path.join(ROOT, 'supabase/seeds/10_properties.sql');
const OUT = path.join(ROOT, 'supabase/seeds/property-photos');
const W = 1200;
const H = 800;
const QUALITY = 70;

// --- deterministic randomness -------------------------------------------------------------------

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: string) {
    this.state = hash(seed) || 1;
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

const f = (n: number) => n.toFixed(1);

// --- palettes -----------------------------------------------------------------------------------

interface Palette {
  skyTop: string;
  skyBottom: string;
  seaNear: string;
  seaFar: string;
  island: string;
  hill: string;
  hillShade: string;
  accent: string;
  flower: string;
  flowerLight: string;
}

const PALETTES: Palette[] = [
  {
    skyTop: '#5fa8e0',
    skyBottom: '#d6ecfa',
    seaNear: '#0b4f8a',
    seaFar: '#2f7fc1',
    island: '#8a9bb0',
    hill: '#c9a77c',
    hillShade: '#a8845a',
    accent: '#1f5fae',
    flower: '#c2185b',
    flowerLight: '#e91e8c',
  },
  {
    skyTop: '#4a9bd9',
    skyBottom: '#e8f4fb',
    seaNear: '#063e72',
    seaFar: '#1d6fb8',
    island: '#7d8ea6',
    hill: '#b98e62',
    hillShade: '#94693f',
    accent: '#1565c0',
    flower: '#ad1457',
    flowerLight: '#d81b79',
  },
  {
    skyTop: '#6bb6e8',
    skyBottom: '#f3f8fc',
    seaNear: '#0a5a8c',
    seaFar: '#3a94cc',
    island: '#9aa7b8',
    hill: '#d2b48c',
    hillShade: '#b08d63',
    accent: '#0d7fa8',
    flower: '#8e24aa',
    flowerLight: '#b84fd0',
  },
  {
    skyTop: '#3f8fd2',
    skyBottom: '#dcecf7',
    seaNear: '#04386a',
    seaFar: '#1a66ad',
    island: '#73849c',
    hill: '#c4a074',
    hillShade: '#9c7a50',
    accent: '#2a6fdb',
    flower: '#d81b60',
    flowerLight: '#f06292',
  },
];

// --- pieces -------------------------------------------------------------------------------------

function defs(p: Palette, id: string, evening: boolean): string {
  const sky = evening
    ? `<stop offset="0" stop-color="#2d2a6e"/><stop offset="0.45" stop-color="#c2577d"/><stop offset="0.8" stop-color="#f39c5a"/><stop offset="1" stop-color="#ffd08a"/>`
    : `<stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/>`;
  const sea = evening
    ? `<stop offset="0" stop-color="#c86a6a"/><stop offset="0.35" stop-color="#5a3f78"/><stop offset="1" stop-color="#1d2150"/>`
    : `<stop offset="0" stop-color="${p.seaFar}"/><stop offset="1" stop-color="${p.seaNear}"/>`;
  return `<defs>
    <linearGradient id="sky${id}" x1="0" y1="0" x2="0" y2="1">${sky}</linearGradient>
    <linearGradient id="sea${id}" x1="0" y1="0" x2="0" y2="1">${sea}</linearGradient>
    <linearGradient id="pool${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5fd3e6"/><stop offset="1" stop-color="#13a3c4"/>
    </linearGradient>
    <linearGradient id="stone${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#efe7da"/><stop offset="1" stop-color="#d9ccb8"/>
    </linearGradient>
    <radialGradient id="sun${id}"><stop offset="0" stop-color="#fff6d5"/><stop offset="0.5" stop-color="#ffd27a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>
  </defs>`;
}

function island(r: Rng, x: number, horizon: number, w: number, h: number, fill: string): string {
  const peaks = r.int(2, 4);
  let d = `M${f(x)},${f(horizon)}`;
  for (let i = 1; i <= peaks; i++) {
    const px = x + (w * (i - 0.5)) / peaks;
    const py = horizon - h * r.range(0.5, 1);
    const ex = x + (w * i) / peaks;
    d += ` Q${f(px)},${f(py)} ${f(ex)},${f(horizon - (i === peaks ? 0 : h * r.range(0.2, 0.5)))}`;
  }
  return `<path d="${d} Z" fill="${fill}" opacity="0.85"/>`;
}

function waves(r: Rng, top: number, bottom: number, color: string): string {
  let out = '';
  for (let i = 0; i < 26; i++) {
    const y = r.range(top + 8, bottom);
    const x = r.range(-50, W);
    const len = r.range(30, 120) * (0.5 + (y - top) / (bottom - top));
    out += `<path d="M${f(x)},${f(y)} q${f(len / 2)},-3 ${f(len)},0" stroke="${color}" stroke-width="2" fill="none" opacity="0.25"/>`;
  }
  return out;
}

interface HouseOpts {
  door: string;
  lit?: boolean;
  tint?: string;
}

/** A whitewashed cube: front, shaded side, parapet, a door and windows in the accent colour. */
function house(r: Rng, x: number, y: number, w: number, h: number, o: HouseOpts): string {
  const front = o.tint ?? '#f8f6f1';
  const side = o.tint ? o.tint : '#dedad2';
  const depth = w * 0.18;
  let s = `<rect x="${f(x + w)}" y="${f(y + 4)}" width="${f(depth)}" height="${f(h - 4)}" fill="${side}" opacity="${o.tint ? 0.7 : 1}"/>`;
  s += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${front}"/>`;
  s += `<rect x="${f(x - 2)}" y="${f(y - 4)}" width="${f(w + depth + 2)}" height="5" fill="${front}"/>`;
  const windowFill = o.lit ? '#ffcf6e' : o.door;
  if (w > 40) {
    const dw = Math.min(w * 0.22, 26);
    const dh = Math.min(h * 0.55, 48);
    const dx = x + r.range(0.15, 0.6) * (w - dw);
    s += `<path d="M${f(dx)},${f(y + h)} v-${f(dh - dw / 2)} a${f(dw / 2)},${f(dw / 2)} 0 0 1 ${f(dw)},0 v${f(dh - dw / 2)} Z" fill="${o.lit ? '#5a3b2a' : o.door}"/>`;
    const ww = Math.min(w * 0.16, 20);
    const wx = dx + dw + (x + w - dx - dw - ww) / 2;
    if (wx + ww < x + w - 4) {
      s += `<rect x="${f(wx)}" y="${f(y + h * 0.3)}" width="${f(ww)}" height="${f(ww * 1.2)}" fill="${windowFill}"/>`;
    }
  } else {
    const ww = w * 0.3;
    s += `<rect x="${f(x + (w - ww) / 2)}" y="${f(y + h * 0.35)}" width="${f(ww)}" height="${f(ww * 1.2)}" fill="${windowFill}"/>`;
  }
  return s;
}

/** A chapel: white box, blue dome with a cross, a small bell gable. */
function chapel(x: number, y: number, size: number, dome: string, tint?: string): string {
  const wall = tint ?? '#f8f6f1';
  const r = size * 0.42;
  return `<rect x="${f(x - size / 2)}" y="${f(y - size * 0.7)}" width="${f(size)}" height="${f(size * 0.7)}" fill="${wall}"/>
    <rect x="${f(x - r * 0.9)}" y="${f(y - size * 0.7 - 8)}" width="${f(r * 1.8)}" height="9" fill="${wall}"/>
    <path d="M${f(x - r)},${f(y - size * 0.7 - 8)} a${f(r)},${f(r)} 0 0 1 ${f(2 * r)},0 Z" fill="${dome}"/>
    <rect x="${f(x - 1.5)}" y="${f(y - size * 0.7 - 8 - r - 16)}" width="3" height="16" fill="${tint ? '#3b2b45' : '#d9d4c7'}"/>
    <rect x="${f(x - 6)}" y="${f(y - size * 0.7 - 8 - r - 11)}" width="12" height="3" fill="${tint ? '#3b2b45' : '#d9d4c7'}"/>
    <path d="M${f(x - size * 0.15)},${f(y)} v-${f(size * 0.3)} a${f(size * 0.15)},${f(size * 0.15)} 0 0 1 ${f(size * 0.3)},0 v${f(size * 0.3)} Z" fill="${tint ? '#3b2b45' : dome}"/>`;
}

function bougainvillea(r: Rng, cx: number, cy: number, size: number, p: Palette): string {
  let s = '';
  for (let i = 0; i < 18; i++) {
    s += `<circle cx="${f(cx + r.range(-size, size))}" cy="${f(cy + r.range(-size * 0.6, size * 0.6))}" r="${f(r.range(size * 0.12, size * 0.28))}" fill="#3f7d3a" opacity="0.9"/>`;
  }
  for (let i = 0; i < 46; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, size);
    s += `<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d * 0.6)}" r="${f(r.range(size * 0.06, size * 0.16))}" fill="${r.next() < 0.5 ? p.flower : p.flowerLight}"/>`;
  }
  return s;
}

function lounger(x: number, y: number, w: number, cushion: string): string {
  return `<path d="M${f(x)},${f(y)} h${f(w * 0.72)} l${f(w * 0.28)},-${f(w * 0.18)}" stroke="${cushion}" stroke-width="${f(w * 0.1)}" stroke-linecap="round" fill="none"/>
    <path d="M${f(x + w * 0.08)},${f(y)} v${f(w * 0.1)} M${f(x + w * 0.64)},${f(y)} v${f(w * 0.1)}" stroke="#8a7a66" stroke-width="4"/>`;
}

function umbrella(x: number, y: number, size: number, color: string): string {
  return `<path d="M${f(x)},${f(y)} v-${f(size)}" stroke="#8a7a66" stroke-width="5"/>
    <path d="M${f(x - size * 0.7)},${f(y - size * 0.85)} Q${f(x)},${f(y - size * 1.35)} ${f(x + size * 0.7)},${f(y - size * 0.85)} Z" fill="${color}"/>
    <path d="M${f(x - size * 0.7)},${f(y - size * 0.85)} Q${f(x)},${f(y - size * 0.95)} ${f(x + size * 0.7)},${f(y - size * 0.85)}" fill="none" stroke="#00000022" stroke-width="2"/>`;
}

function windmill(x: number, y: number, size: number, tint: string): string {
  let s = `<path d="M${f(x - size * 0.3)},${f(y)} L${f(x - size * 0.22)},${f(y - size)} h${f(size * 0.44)} L${f(x + size * 0.3)},${f(y)} Z" fill="${tint}"/>
    <path d="M${f(x - size * 0.24)},${f(y - size)} Q${f(x)},${f(y - size * 1.3)} ${f(x + size * 0.24)},${f(y - size)} Z" fill="#3b2b45"/>`;
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3 + 0.3;
    s += `<path d="M${f(x)},${f(y - size * 1.05)} l${f(Math.cos(a) * size * 0.75)},${f(Math.sin(a) * size * 0.75)}" stroke="#3b2b45" stroke-width="3"/>`;
  }
  return s;
}

// --- scenes -------------------------------------------------------------------------------------

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** 1: the villa and its neighbours stacked on the hillside above the sea. */
function villaScene(code: string): string {
  const r = new Rng(`${code}:1`);
  const p = r.pick(PALETTES);
  const horizon = r.range(300, 360);
  let s = defs(p, '1', false);
  s += `<rect width="${W}" height="${H}" fill="url(#sky1)"/>`;
  s += `<circle cx="${f(r.range(150, 1050))}" cy="${f(r.range(60, 140))}" r="70" fill="url(#sun1)"/>`;
  s += `<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#sea1)"/>`;
  s += waves(r, horizon, H, '#ffffff');
  s += island(r, r.range(-100, 400), horizon, r.range(350, 600), r.range(40, 90), p.island);
  if (r.next() < 0.6)
    s += island(r, r.range(700, 1000), horizon, r.range(200, 400), r.range(25, 55), p.island);
  // The hillside rises from one side.
  const fromLeft = r.next() < 0.5;
  const hillTop = horizon + r.range(-40, 30);
  const hill = fromLeft
    ? `M0,${f(hillTop)} C${f(W * 0.35)},${f(hillTop + 10)} ${f(W * 0.6)},${f(H * 0.55)} ${f(W * 0.95)},${H} L0,${H} Z`
    : `M${W},${f(hillTop)} C${f(W * 0.65)},${f(hillTop + 10)} ${f(W * 0.4)},${f(H * 0.55)} ${f(W * 0.05)},${H} L${W},${H} Z`;
  s += `<path d="${hill}" fill="${p.hill}"/>`;
  s += `<path d="${hill}" fill="${p.hillShade}" opacity="0.35" transform="translate(0,${f(r.range(20, 40))})"/>`;
  // Rows of houses, back to front, larger nearer.
  const rows = r.int(3, 4);
  for (let row = 0; row < rows; row++) {
    const scale = 0.7 + row * 0.35;
    const baseY = hillTop + 60 + row * ((H - hillTop) / (rows + 0.3));
    let x = (fromLeft ? 10 : W * 0.35) + r.range(-20, 40) - row * 30;
    const end = fromLeft ? W * (0.55 + row * 0.12) : W + 20;
    while (x < end) {
      const w = r.range(60, 120) * scale;
      const h = r.range(45, 80) * scale;
      s += house(r, x, baseY - h, w, h, { door: r.next() < 0.7 ? p.accent : '#2e8b7a' });
      x += w + w * 0.18 + r.range(4, 26);
    }
    if (row === 1) {
      const cx = fromLeft ? r.range(W * 0.15, W * 0.4) : r.range(W * 0.6, W * 0.85);
      s += chapel(cx, baseY - 30, 70 * scale, p.accent);
    }
  }
  // A terrace wall in the foreground, with bougainvillea spilling over it.
  const wallY = H - r.range(70, 110);
  s += `<rect y="${f(wallY)}" width="${W}" height="${f(H - wallY)}" fill="#f4f1ea"/>`;
  s += `<rect y="${f(wallY)}" width="${W}" height="8" fill="#e2ddd2"/>`;
  s += bougainvillea(r, fromLeft ? W - 120 : 120, wallY - 10, r.range(80, 120), p);
  return svg(s);
}

/** 2: the infinity pool meeting the sea, loungers, an umbrella, a blue door. */
function poolScene(code: string): string {
  const r = new Rng(`${code}:2`);
  const p = r.pick(PALETTES);
  const horizon = r.range(250, 310);
  const poolTop = horizon + r.range(90, 140);
  const poolBottom = poolTop + r.range(110, 160);
  let s = defs(p, '2', false);
  s += `<rect width="${W}" height="${H}" fill="url(#sky2)"/>`;
  s += `<circle cx="${f(r.range(200, 1000))}" cy="${f(r.range(50, 120))}" r="80" fill="url(#sun2)"/>`;
  s += `<rect y="${f(horizon)}" width="${W}" height="${f(poolTop - horizon)}" fill="url(#sea2)"/>`;
  s += waves(r, horizon, poolTop, '#ffffff');
  s += island(r, r.range(0, 700), horizon, r.range(300, 500), r.range(30, 70), p.island);
  s += `<rect y="${f(poolTop)}" width="${W}" height="${f(poolBottom - poolTop)}" fill="url(#pool2)"/>`;
  for (let i = 0; i < 14; i++) {
    const y = r.range(poolTop + 10, poolBottom - 10);
    const x = r.range(0, W);
    s += `<path d="M${f(x)},${f(y)} q20,-5 40,0 t40,0" stroke="#ffffff" stroke-width="2.5" fill="none" opacity="0.45"/>`;
  }
  s += `<rect y="${f(poolTop - 4)}" width="${W}" height="5" fill="#ffffff" opacity="0.6"/>`;
  s += `<rect y="${f(poolBottom)}" width="${W}" height="${f(H - poolBottom)}" fill="url(#stone2)"/>`;
  s += `<rect y="${f(poolBottom)}" width="${W}" height="10" fill="#f7f3ec"/>`;
  // Tiles.
  for (let x = 0; x < W; x += 90) {
    s += `<path d="M${x},${f(poolBottom + 10)} L${f(x - 60 + ((x - W / 2) / W) * 120)},${H}" stroke="#cbbda6" stroke-width="1.5" opacity="0.6"/>`;
  }
  const cushion = r.pick(['#ffffff', '#f2e6c9', '#e8f1f8', p.accent]);
  const n = r.int(2, 3);
  const startX = r.range(380, 560);
  for (let i = 0; i < n; i++) s += lounger(startX + i * 190, poolBottom + 95 + i * 8, 150, cushion);
  s += umbrella(startX - 60, poolBottom + 120, 150, r.pick(['#f5f0e6', '#ffffff', '#e9dcc3']));
  // A corner of the house with its blue door on one side.
  const left = r.next() < 0.5;
  const hx = left ? 0 : W - 230;
  s += `<rect x="${f(hx)}" y="${f(horizon - 40)}" width="230" height="${f(H - horizon + 40)}" fill="#f8f6f1"/>`;
  s += `<rect x="${f(left ? 226 : W - 230)}" y="${f(horizon - 40)}" width="6" height="${f(H - horizon + 40)}" fill="#e2ddd2"/>`;
  const dx = hx + 70;
  s += `<path d="M${f(dx)},${f(poolBottom + 60)} v-170 a45,45 0 0 1 90,0 v170 Z" fill="${p.accent}"/>`;
  s += `<rect x="${f(dx + 20)}" y="${f(poolBottom - 150)}" width="8" height="120" fill="#ffffff" opacity="0.25"/>`;
  s += bougainvillea(r, left ? 200 : W - 200, horizon - 20, r.range(90, 130), p);
  // A potted olive.
  const px = left ? W - 120 : 120;
  s += `<path d="M${f(px - 35)},${f(H - 40)} l10,-70 h50 l10,70 Z" fill="#c9774a"/>`;
  s += bougainvillea(new Rng(`${code}:olive`), px, H - 140, 70, {
    ...p,
    flower: '#6f8f4e',
    flowerLight: '#8fae6a',
  });
  return svg(s);
}

/** 3: evening - the village on its cliff against the sunset, lit windows, a windmill. */
function eveningScene(code: string): string {
  const r = new Rng(`${code}:3`);
  const p = r.pick(PALETTES);
  const horizon = r.range(420, 480);
  let s = defs(p, '3', true);
  s += `<rect width="${W}" height="${H}" fill="url(#sky3)"/>`;
  const sunX = r.range(250, 950);
  s += `<circle cx="${f(sunX)}" cy="${f(horizon - 20)}" r="150" fill="url(#sun3)"/>`;
  s += `<circle cx="${f(sunX)}" cy="${f(horizon - 10)}" r="38" fill="#fff0c4"/>`;
  s += `<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#sea3)"/>`;
  for (let i = 0; i < 16; i++) {
    const y = horizon + 6 + i * 14 + r.range(-3, 3);
    const half = 90 - i * 4 + r.range(-10, 10);
    s += `<rect x="${f(sunX - half)}" y="${f(y)}" width="${f(half * 2)}" height="3" fill="#ffd89a" opacity="${f(0.6 - i * 0.03)}"/>`;
  }
  s += island(r, r.range(-50, 300), horizon, r.range(250, 450), r.range(30, 60), '#4a3560');
  // The cliff with the village on top, on the side away from the sun.
  const right = sunX < W / 2;
  const cliffTop = horizon - r.range(140, 200);
  const cliff = right
    ? `M${W},${f(cliffTop)} L${f(W * 0.45)},${f(cliffTop + 15)} C${f(W * 0.4)},${f(horizon - 40)} ${f(W * 0.38)},${f(horizon + 30)} ${f(W * 0.3)},${H} L${W},${H} Z`
    : `M0,${f(cliffTop)} L${f(W * 0.55)},${f(cliffTop + 15)} C${f(W * 0.6)},${f(horizon - 40)} ${f(W * 0.62)},${f(horizon + 30)} ${f(W * 0.7)},${H} L0,${H} Z`;
  s += `<path d="${cliff}" fill="#5b3a4e"/>`;
  const tint = '#f3d6d0';
  let x = right ? W * 0.47 : 0;
  const end = right ? W : W * 0.53;
  while (x < end - 30) {
    const w = r.range(55, 100);
    const h = r.range(40, 75);
    s += house(r, x, cliffTop + 16 - h, w, h, { door: p.accent, lit: true, tint });
    x += w * 1.18 + r.range(2, 16);
  }
  s += chapel(
    right ? r.range(W * 0.55, W * 0.9) : r.range(W * 0.1, W * 0.45),
    cliffTop + 16 - r.range(50, 70),
    80,
    '#2b4c8c',
    tint,
  );
  s += windmill(right ? W * 0.5 : W * 0.5 - 10, cliffTop + 16, 70, tint);
  // A few stars.
  for (let i = 0; i < 18; i++) {
    s += `<circle cx="${f(r.range(0, W))}" cy="${f(r.range(10, 160))}" r="${f(r.range(0.8, 1.8))}" fill="#ffffff" opacity="${f(r.range(0.4, 0.9))}"/>`;
  }
  return svg(s);
}

const SCENES = [villaScene, poolScene, eveningScene];

// --- output -------------------------------------------------------------------------------------

async function villaCodes(): Promise<string[]> {
  const sql = await readFile(SEED, 'utf8');
  const codes = [...sql.matchAll(/'([A-Z]{3}-[A-Z]{3}-\d{2})'/g)].map((m) => m[1]!);
  return [...new Set(codes)];
}

async function main() {
  const wanted = process.argv.slice(2);
  const codes = (await villaCodes()).filter((c) => wanted.length === 0 || wanted.includes(c));
  if (codes.length === 0) throw new Error('no villa codes found');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  let total = 0;
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
    for (const code of codes) {
      await mkdir(path.join(OUT, code), { recursive: true });
      for (const [i, scene] of SCENES.entries()) {
        await page.setContent(
          `<!doctype html><html><body style="margin:0;background:#fff">${scene(code)}</body></html>`,
        );
        const jpeg = await page.screenshot({
          type: 'jpeg',
          quality: QUALITY,
          clip: { x: 0, y: 0, width: W, height: H },
        });
        const file = path.join(OUT, code, `${i + 1}.jpg`);
        await writeFile(file, jpeg);
        total += jpeg.byteLength;
        console.log(`${path.relative(ROOT, file)}  ${(jpeg.byteLength / 1024).toFixed(0)} KB`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${codes.length * SCENES.length} photos, ${(total / 1024 / 1024).toFixed(2)} MB`);
}

await main();
