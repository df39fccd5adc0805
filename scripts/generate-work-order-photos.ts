// Renders the demo work orders' photos (supabase/seeds/40_maintenance.sql): simple scenes of the
// problem as a housekeeper reports it ("before") and of the repair ("after"), drawn as SVG in the
// style of the villa photos (scripts/generate-villa-photos.ts) and turned into JPEG with sharp.
// The files are committed under supabase/seeds/work-order-photos/<work order id>/<kind>-<n>.jpg
// and reach the work-order-photos bucket through config.toml's objects_path; the seed's
// work_order_photos rows point at the same paths.
//
//   npx tsx scripts/generate-work-order-photos.ts
//
// Deterministic: the same drawing code gives the same files.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = path.join(ROOT, 'supabase/seeds/work-order-photos');
const W = 800;
const H = 600;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const tiles = (y: number, h: number, fill: string, line: string, size = 80) => {
  let out = `<rect x="0" y="${y}" width="${W}" height="${h}" fill="${fill}"/>`;
  for (let x = 0; x <= W; x += size)
    out += `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + h}" stroke="${line}" stroke-width="2"/>`;
  for (let yy = y; yy <= y + h; yy += size)
    out += `<line x1="0" y1="${yy}" x2="${W}" y2="${yy}" stroke="${line}" stroke-width="2"/>`;
  return out;
};

/** The pool plant room: the pump, its pipes and the panel with the breaker that trips. */
const pump = svg(`
  <rect width="${W}" height="${H}" fill="#d9d4cc"/>
  ${tiles(430, 170, '#9c968d', '#857f76', 100)}
  <rect x="90" y="250" width="620" height="26" rx="13" fill="#7b8794"/>
  <rect x="250" y="300" width="210" height="150" rx="24" fill="#1f6fb2"/>
  <rect x="270" y="320" width="170" height="20" rx="10" fill="#4b93d1"/>
  <circle cx="355" cy="375" r="34" fill="#15558a"/>
  <rect x="460" y="350" width="120" height="24" fill="#7b8794"/>
  <rect x="578" y="276" width="24" height="98" fill="#7b8794"/>
  <rect x="590" y="70" width="150" height="180" rx="8" fill="#eeeae3" stroke="#8a847a" stroke-width="4"/>
  <rect x="612" y="96" width="24" height="44" rx="4" fill="#2f3b45"/>
  <rect x="648" y="96" width="24" height="44" rx="4" fill="#2f3b45"/>
  <rect x="684" y="96" width="24" height="44" rx="4" fill="#c62828"/>
  <rect x="688" y="122" width="16" height="14" rx="3" fill="#ffcdd2"/>
  <polygon points="665,170 700,232 630,232" fill="#f9c80e" stroke="#3b3b3b" stroke-width="4"/>
  <rect x="662" y="190" width="7" height="24" fill="#3b3b3b"/>
  <circle cx="665.5" cy="222" r="4" fill="#3b3b3b"/>
  <path d="M600 250 C560 260 520 280 470 320" stroke="#2f3b45" stroke-width="6" fill="none"/>
`);

/** A bathroom ceiling with a brown stain over the shower, dripping. */
const ceiling = svg(`
  <rect width="${W}" height="${H}" fill="#f3f1ec"/>
  <rect x="0" y="0" width="${W}" height="330" fill="#fbfaf7"/>
  <line x1="0" y1="330" x2="${W}" y2="330" stroke="#d6d2ca" stroke-width="4"/>
  <ellipse cx="420" cy="170" rx="190" ry="105" fill="#c9a26b" opacity="0.55"/>
  <ellipse cx="430" cy="175" rx="130" ry="70" fill="#a97c45" opacity="0.55"/>
  <ellipse cx="440" cy="180" rx="60" ry="32" fill="#8a5f2e" opacity="0.6"/>
  <path d="M440 212 q-10 22 0 34 q10 -12 0 -34z" fill="#8fb7d6"/>
  <path d="M452 300 q-9 20 0 30 q9 -10 0 -30z" fill="#8fb7d6"/>
  <path d="M430 400 q-8 18 0 27 q8 -9 0 -27z" fill="#8fb7d6"/>
  ${tiles(330, 270, '#e7eef2', '#cdd9df', 60)}
  <rect x="140" y="340" width="12" height="260" fill="#9aa5ad"/>
  <rect x="140" y="340" width="300" height="10" fill="#9aa5ad"/>
  <path d="M152 350 L152 600 L330 600 L330 350 Z" fill="#ffffff" opacity="0.55"/>
  <ellipse cx="440" cy="585" rx="60" ry="10" fill="#8fb7d6" opacity="0.8"/>
`);

/** The outdoor shower: the head snapped off and lying on the terrace. */
const shower = svg(`
  <rect width="${W}" height="${H}" fill="#f6f3ee"/>
  <rect x="280" y="0" width="240" height="440" fill="#e8e1d6"/>
  <rect x="385" y="60" width="30" height="380" rx="6" fill="#9aa5ad"/>
  <rect x="385" y="60" width="150" height="28" rx="8" fill="#9aa5ad"/>
  <path d="M535 74 l14 -8 l6 10 l-10 14 l-6 4z" fill="#6f7a82"/>
  ${tiles(440, 160, '#d8cbb5', '#c2b39a', 90)}
  <g transform="rotate(-18 560 520)">
    <rect x="500" y="505" width="90" height="22" rx="8" fill="#9aa5ad"/>
    <ellipse cx="610" cy="516" rx="46" ry="20" fill="#b8c1c7"/>
    <ellipse cx="614" cy="516" rx="30" ry="12" fill="#8d979e"/>
  </g>
  <circle cx="120" cy="90" r="50" fill="#f5d36b" opacity="0.7"/>
`);

/** The pool's edge: a coping stone cracked through, taped off. */
const coping = svg(`
  <rect width="${W}" height="${H}" fill="#e9e3d8"/>
  <rect x="0" y="0" width="${W}" height="250" fill="#38b6d6"/>
  <path d="M0 90 q60 -14 120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0" stroke="#9fe3f2" stroke-width="5" fill="none"/>
  <path d="M0 170 q60 -14 120 0 t120 0 t120 0 t120 0 t120 0 t120 0 t120 0" stroke="#9fe3f2" stroke-width="5" fill="none"/>
  <rect x="0" y="250" width="${W}" height="110" fill="#f4efe6"/>
  <line x1="200" y1="250" x2="200" y2="360" stroke="#cfc6b6" stroke-width="4"/>
  <line x1="400" y1="250" x2="400" y2="360" stroke="#cfc6b6" stroke-width="4"/>
  <line x1="600" y1="250" x2="600" y2="360" stroke="#cfc6b6" stroke-width="4"/>
  <path d="M440 250 l22 28 l-18 18 l30 24 l-14 18 l24 22" stroke="#2f2a24" stroke-width="6" fill="none"/>
  ${tiles(360, 240, '#ddd3c2', '#cbbfab', 100)}
  <path d="M300 420 L700 372" stroke="#e53935" stroke-width="22"/>
  <path d="M330 416 L360 412 M400 407 L430 403 M470 399 L500 395 M540 390 L570 386 M610 382 L640 378" stroke="#ffffff" stroke-width="22"/>
`);

const terrace = (lit: boolean) =>
  svg(`
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#23305e"/><stop offset="1" stop-color="#c9756b"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffe9a8" stop-opacity="0.95"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <path d="M0 300 q200 -40 400 -10 t400 -20 v60 h-800z" fill="#4a4a6a"/>
  <rect x="0" y="330" width="${W}" height="40" fill="#2c3e63"/>
  <rect x="0" y="370" width="${W}" height="230" fill="${lit ? '#b9a58c' : '#6f6558'}"/>
  <rect x="0" y="360" width="${W}" height="22" fill="${lit ? '#efe6d6' : '#9d958a'}"/>
  ${[70, 200, 330, 460, 590, 720]
    .map(
      (x) => `
    ${lit ? `<circle cx="${x}" cy="342" r="60" fill="url(#glow)"/>` : ''}
    <rect x="${x - 14}" y="330" width="28" height="34" rx="6" fill="${lit ? '#fff3c4' : '#56524b'}"/>
    <rect x="${x - 18}" y="324" width="36" height="8" rx="3" fill="#3a3631"/>`,
    )
    .join('')}
  <rect x="250" y="430" width="300" height="20" rx="8" fill="${lit ? '#8a6a4a' : '#4f4032'}"/>
  <rect x="270" y="450" width="14" height="70" fill="${lit ? '#8a6a4a' : '#4f4032'}"/>
  <rect x="516" y="450" width="14" height="70" fill="${lit ? '#8a6a4a' : '#4f4032'}"/>
`);

/** The shower's drain, cleared. */
const drain = svg(`
  ${tiles(0, H, '#e7eef2', '#cdd9df', 100)}
  <circle cx="400" cy="300" r="90" fill="#c3ccd2"/>
  <circle cx="400" cy="300" r="74" fill="#9aa5ad"/>
  ${[-48, -24, 0, 24, 48].map((d) => `<rect x="${400 + d - 6}" y="240" width="12" height="120" rx="6" fill="#5d676e"/>`).join('')}
  <path d="M150 140 q30 -20 60 0" stroke="#8fb7d6" stroke-width="6" fill="none"/>
  <path d="M560 470 q30 -20 60 0" stroke="#8fb7d6" stroke-width="6" fill="none"/>
`);

/** A sun lounger with its new slats, varnished. */
const lounger = svg(`
  <rect width="${W}" height="${H}" fill="#efe6d6"/>
  <rect x="0" y="0" width="${W}" height="180" fill="#38b6d6"/>
  ${tiles(180, 420, '#e9dfcc', '#d9cdb6', 120)}
  <g transform="rotate(-8 400 380)">
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${150 + i * 56}" y="330" width="44" height="110" rx="6" fill="${i === 3 || i === 4 ? '#c88a4a' : '#b27a45'}"/>`).join('')}
    <rect x="140" y="320" width="520" height="14" rx="6" fill="#8a5c30"/>
    <rect x="140" y="436" width="520" height="14" rx="6" fill="#8a5c30"/>
    <rect x="170" y="450" width="16" height="60" fill="#6b4726"/>
    <rect x="614" y="450" width="16" height="60" fill="#6b4726"/>
  </g>
`);

/** Work order id (supabase/seeds/40_maintenance.sql) -> its photos, in the order they were taken. */
export const WORK_ORDER_PHOTOS: Record<string, { kind: 'before' | 'after'; scene: string }[]> = {
  '3a0c0000-0000-4000-8000-000000000001': [{ kind: 'before', scene: pump }],
  '3a0c0000-0000-4000-8000-000000000002': [{ kind: 'before', scene: ceiling }],
  '3a0c0000-0000-4000-8000-000000000004': [{ kind: 'before', scene: shower }],
  '3a0c0000-0000-4000-8000-000000000019': [{ kind: 'before', scene: coping }],
  '3a0c0000-0000-4000-8000-000000000022': [{ kind: 'after', scene: drain }],
  '3a0c0000-0000-4000-8000-000000000023': [{ kind: 'after', scene: lounger }],
  '3a0c0000-0000-4000-8000-000000000024': [
    { kind: 'before', scene: terrace(false) },
    { kind: 'after', scene: terrace(true) },
  ],
};

async function main() {
  for (const [id, photos] of Object.entries(WORK_ORDER_PHOTOS)) {
    await mkdir(path.join(OUT, id), { recursive: true });
    const count = { before: 0, after: 0 };
    for (const p of photos) {
      count[p.kind] += 1;
      const file = path.join(OUT, id, `${p.kind}-${count[p.kind]}.jpg`);
      const jpeg = await sharp(Buffer.from(p.scene))
        .jpeg({ quality: 72, mozjpeg: true })
        .toBuffer();
      await writeFile(file, jpeg);
      console.log(path.relative(ROOT, file), `${Math.round(jpeg.length / 1024)} KB`);
    }
  }
}

await main();
