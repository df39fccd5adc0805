// Barcode scanning for count mode (docs/inventory.md "Count mode"): the camera through the
// browser's BarcodeDetector where it has one (Chrome on Android); where it has none the button is
// not shown and the barcode is typed (count-route.tsx keeps typed entry always). No decoder of our
// own is shipped yet: a maintained one for Safari and Firefox is left to do.
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
import { messages } from '../messages';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

declare global {
  interface Window {
    BarcodeDetector?: BarcodeDetectorCtor;
  }
}

/** Whether this browser can read barcodes from the camera. */
const canScan = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.BarcodeDetector === 'function' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'];

function Camera({ onCode, onError }: { onCode: (code: string) => void; onError: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once per opening, whatever the parent draws meanwhile.
  const found = useRef({ onCode, onError });
  useEffect(() => {
    found.current = { onCode, onError };
  });
  useEffect(() => {
    const Detector = window.BarcodeDetector;
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Detector({ formats: FORMATS });
    const look = async () => {
      if (stopped || !video.current) return;
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
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
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
    <video ref={video} className="aspect-[4/3] w-full rounded-md bg-black" muted playsInline />
  );
}

/** "Scan" and its camera dialog; `onCode` gets the first barcode read. Nothing where no detector. */
export function CountScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!canScan()) return null;
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
