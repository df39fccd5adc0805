// Barcode scanning for count mode (docs/inventory.md "Count mode"): the camera, read by the
// browser's BarcodeDetector where it has one and by ZXing's WebAssembly reader where it has not
// (../barcode.ts); where there is no camera the button is not shown. Typed entry stays always.
import { ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useT } from '@/lib/i18n/catalog';
import { barcodeReader, warmBarcodeReader, type BarcodeReader } from '../barcode';
import { messages } from '../messages';

/** Whether this device has a camera to read barcodes with (a reader is always there: ../barcode.ts). */
const canScan = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

function Camera({ onCode, onError }: { onCode: (code: string) => void; onError: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once per opening, whatever the parent draws meanwhile.
  const found = useRef({ onCode, onError });
  useEffect(() => {
    found.current = { onCode, onError };
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    let detector: BarcodeReader | null = null;
    const look = async () => {
      if (stopped || !video.current || !detector) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue && !stopped) {
          found.current.onCode(code.rawValue);
          return;
        }
      } catch {
        // A frame not ready yet: look again.
      }
      timer = window.setTimeout(() => void look(), 250);
    };
    Promise.all([
      barcodeReader(),
      navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
    ])
      .then(async ([reader, s]) => {
        detector = reader;
        stream = s;
        // Closed while the camera or the reader was starting: the camera is let go at once.
        if (stopped || !video.current) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        if (!stopped) found.current.onError();
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <video ref={video} className="aspect-[4/3] w-full rounded-md bg-muted" muted playsInline />
  );
}

/** "Scan" and its camera dialog; `onCode` gets the first barcode read. Nothing where no camera. */
export function CountScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const camera = canScan();
  useEffect(() => {
    if (camera) warmBarcodeReader();
  }, [camera]);
  if (!camera) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="lg"
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        <ScanBarcode aria-hidden="true" />
        {t('count.scan')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('count.scanTitle')}</DialogTitle>
            <DialogDescription>
              {failed ? t('count.cameraFailed') : t('count.scanHint')}
            </DialogDescription>
          </DialogHeader>
          {open && !failed && (
            <Camera
              onCode={(code) => {
                setOpen(false);
                onCode(code);
              }}
              onError={() => setFailed(true)}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
