// A barcode as ZXing's writer draws it, for the tests that must show a code to the reader: the
// fallback reader's unit test (src/features/inventory/barcode.test.ts) paints it into an image, the
// camera test (e2e/inventory.spec.ts) films it. The writer is given this repository's .wasm, as the
// app's build serves the reader's, so nothing is fetched.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

type Format = NonNullable<NonNullable<Parameters<typeof writeBarcode>[1]>['format']>;

const require = createRequire(import.meta.url);

/** The bytes of one of zxing-wasm's .wasm files (`writer/zxing_writer.wasm`, `reader/…`). */
export function zxingWasm(name: string): ArrayBuffer {
  const bytes = readFileSync(require.resolve(`zxing-wasm/${name}`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

let prepared = false;

/** The symbol's modules, one byte each (0 black, 255 white), `width` by `height`. */
export async function barcodeSymbol(
  text: string,
  format: Format,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  if (!prepared) {
    prepareZXingModule({
      overrides: { wasmBinary: zxingWasm('writer/zxing_writer.wasm') },
      fireImmediately: false,
    });
    prepared = true;
  }
  const { symbol, error } = await writeBarcode(text, { format });
  if (!symbol?.width) throw new Error(error);
  return symbol;
}
