// The barcode reader of count mode (docs/inventory.md "Count mode"): the browser's own
// BarcodeDetector where it has one (Chrome on Android, Safari on macOS), else ZXing's WebAssembly
// reader through the maintained `barcode-detector` ponyfill. The ponyfill and its .wasm load only
// when the camera is opened, the .wasm from this app (never a CDN: field phones may reach only us),
// and the service worker keeps it from its first use (src/sw.ts), so scanning works offline after.

export interface DetectedBarcode {
  rawValue: string;
}

export interface BarcodeReader {
  detect(source: HTMLVideoElement | Blob | ImageData): Promise<DetectedBarcode[]>;
}

type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeReader;

declare global {
  interface Window {
    BarcodeDetector?: BarcodeDetectorCtor;
  }
}

/** What stock carries: retail codes, warehouse labels and QR stickers. */
export const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'];

/**
 * A reader for `FORMATS`: the browser's, or ZXing's with its .wasm from `wasm` (its bytes, or by
 * default the copy this app serves, `?url`: a file of the build).
 */
export async function barcodeReader(wasm?: ArrayBuffer): Promise<BarcodeReader> {
  const Native = typeof window === 'undefined' ? undefined : window.BarcodeDetector;
  if (Native) return new Native({ formats: FORMATS });
  const [{ BarcodeDetector, prepareZXingModule }, url] = await Promise.all([
    import('barcode-detector/ponyfill'),
    wasm ? '' : import('zxing-wasm/reader/zxing_reader.wasm?url').then((m) => m.default),
  ]);
  prepareZXingModule({
    overrides: wasm
      ? { wasmBinary: wasm }
      : {
          locateFile: (path: string, prefix: string) =>
            path.endsWith('.wasm') ? url : prefix + path,
        },
    fireImmediately: false,
  });
  return new BarcodeDetector({ formats: FORMATS as never });
}

/**
 * Fetches ZXing's .wasm ahead where it will be needed, so the service worker keeps it (src/sw.ts):
 * count mode opened once with signal scans offline later. Nothing where the browser reads itself.
 */
export function warmBarcodeReader(): void {
  if (typeof window === 'undefined' || window.BarcodeDetector || navigator.onLine === false) return;
  void import('zxing-wasm/reader/zxing_reader.wasm?url')
    .then((m) => fetch(m.default))
    .catch(() => undefined);
}
