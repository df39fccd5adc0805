// @vitest-environment happy-dom
// The fallback reader (../barcode.ts) where the browser has no BarcodeDetector: the ponyfill on
// ZXing's WebAssembly, given this repository's .wasm, reads an EAN-13 and a QR code drawn by
// ZXing's writer, and finds nothing in a blank image.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';
import { barcodeReader } from './barcode';

const require = createRequire(import.meta.url);
/** The bytes of one of zxing-wasm's .wasm files, as the app's build serves them. */
const wasm = (name: string) => {
  const bytes = readFileSync(require.resolve(`zxing-wasm/${name}`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

prepareWriter({
  overrides: { wasmBinary: wasm('writer/zxing_writer.wasm') },
  fireImmediately: false,
});

/** The code as ZXing's writer draws it: each module `SCALE` pixels, a quiet zone around, RGBA. */
const SCALE = 4;
const QUIET = 10;
async function drawn(text: string, format: 'EAN-13' | 'QRCode'): Promise<ImageData> {
  const { symbol, error } = await writeBarcode(text, { format });
  if (!symbol?.width) throw new Error(error);
  const width = (symbol.width + 2 * QUIET) * SCALE;
  const height = (Math.max(symbol.height, 20) + 2 * QUIET) * SCALE;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.floor(x / SCALE) - QUIET;
      const sy = Math.min(Math.floor(y / SCALE) - QUIET, symbol.height - 1);
      const inside =
        sx >= 0 &&
        sx < symbol.width &&
        Math.floor(y / SCALE) >= QUIET &&
        Math.floor(y / SCALE) < height / SCALE - QUIET;
      const v = inside ? symbol.data[Math.max(sy, 0) * symbol.width + sx]! : 255;
      rgba.set([v, v, v], (y * width + x) * 4);
    }
  return new ImageData(rgba, width, height);
}

describe('barcodeReader without a BarcodeDetector', () => {
  it(
    'reads an EAN-13 and a QR code, and nothing in a blank image',
    { timeout: 60_000 },
    async () => {
      const reader = await barcodeReader(wasm('reader/zxing_reader.wasm'));
      const [ean] = await reader.detect(await drawn('5901234123457', 'EAN-13'));
      expect(ean?.rawValue).toBe('5901234123457');
      const [qr] = await reader.detect(await drawn('ZTF-4711', 'QRCode'));
      expect(qr?.rawValue).toBe('ZTF-4711');
      const blank = new ImageData(64, 64);
      expect(await reader.detect(blank)).toEqual([]);
    },
  );
});
