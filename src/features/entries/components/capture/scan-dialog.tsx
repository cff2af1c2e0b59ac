import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '@/components/dialog-form';
import { readPaymentCode } from '@/lib/capture/payment-codes';
import { todayLocal } from '@/lib/dates';
import { loadBarcodeDetector } from '@/features/entries/lib/barcode-detector';

interface ScanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A valid boleto (ITF barcode) or PIX (QR code) read by the camera. */
  onDetected: (code: string) => void;
}

const CAMERA_ERROR = 'Não foi possível usar a câmera. Digite ou cole o código.';

/** The phone's back camera reading a boleto's barcode or a PIX QR code until one is valid. */
export function ScanDialog({ open, onOpenChange, onDetected }: ScanDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Escanear código"
      description="Aponte a câmera para o código de barras do boleto (na horizontal) ou para o QR Code do PIX."
    >
      {/* Mounted while open: the camera is on only then, and each opening starts afresh. */}
      {open ? <Scanner onDetected={onDetected} /> : null}
    </FormDialog>
  );
}

function Scanner({ onDetected }: { onDetected: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const detected = useRef(onDetected);
  useEffect(() => {
    detected.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    const run = { stopped: false, frame: 0, stream: null as MediaStream | null };
    void (async () => {
      try {
        const detector = await loadBarcodeDetector();
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const element = video.current;
        if (run.stopped || !element) {
          // Closed while the permission was being asked: the camera goes off at once.
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        run.stream = stream;
        element.srcObject = stream;
        await element.play();
        const tick = async () => {
          if (run.stopped) return;
          const codes = await detector.detect(element).catch(() => []);
          const valid = codes
            .map((code) => code.rawValue)
            .find((raw) => {
              const reading = readPaymentCode(raw, todayLocal());
              return reading !== null && reading.type !== 'invalid';
            });
          if (valid !== undefined) {
            detected.current(valid);
            return;
          }
          run.frame = requestAnimationFrame(() => void tick());
        };
        void tick();
      } catch {
        if (!run.stopped) setError(CAMERA_ERROR);
      }
    })();
    return () => {
      run.stopped = true;
      cancelAnimationFrame(run.frame);
      run.stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return error ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : (
    <video
      ref={video}
      className="aspect-video w-full rounded-md bg-black object-cover"
      muted
      playsInline
      aria-label="Imagem da câmera"
    />
  );
}
