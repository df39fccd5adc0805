// @vitest-environment happy-dom
// The fallback reader (../barcode.ts) where the browser has no BarcodeDetector: the ponyfill on
// ZXing's WebAssembly, given this repository's .wasm, reads an EAN-13 and a QR code drawn by
// ZXing's writer, and finds nothing in a blank image.
import { describe, expect, it } from 'vitest';
import { barcodeSymbol, zxingWasm as wasm } from '../../../tests/support/barcode-symbol';
import { barcodeReader } from './barcode';

/** The code as ZXing's writer draws it: each module `SCALE` pixels, a quiet zone around, RGBA. */
const SCALE = 4;
const QUIET = 10;
async function drawn(text: string, format: 'EAN-13' | 'QRCode'): Promise<ImageData> {
  const symbol = await barcodeSymbol(text, format);
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
