import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeNoFromScan } from './code-values';
import { NS } from '../i18n';

/** The Barcode Detection API (Chromium on Android and macOS, Safari 17+), not yet in TypeScript's DOM types. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;
const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** Can this browser scan a code with the camera? Otherwise the page offers typing only. */
export const canScan = () =>
  typeof navigator !== 'undefined' && !!detectorClass() && !!navigator.mediaDevices?.getUserMedia;

const SCAN_EVERY_MS = 250;

/**
 * The phone's back camera in a dialog, looking for a QR code four times a second with the browser's
 * BarcodeDetector: our code (its cashier address or a bare number) closes the dialog with its number; another QR
 * code is named as not ours; a refused camera says why and leaves typing.
 */
export function CodeScanner({ onFound, onClose }: { onFound: (codeNo: string) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const found = useEffectEvent((codeNo: string) => onFound(codeNo));

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let live = true;
    const Detector = detectorClass()!;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (!live || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        const detector = new Detector({ formats: ['qr_code'] });
        timer = setInterval(() => {
          if (!video.current || video.current.readyState < 2) return;
          detector.detect(video.current).then(
            (codes) => {
              for (const c of codes) {
                const codeNo = codeNoFromScan(c.rawValue);
                if (codeNo && live) {
                  live = false;
                  found(codeNo);
                  return;
                }
              }
              if (codes[0]) setProblem(t('scanner.notCode', { text: codes[0].rawValue.slice(0, 60) }));
            },
            () => undefined,
          );
        }, SCAN_EVERY_MS);
      })
      .catch((e: unknown) => live && setProblem(t('scanner.denied', { reason: (e as Error).message || String(e) })));
    return () => {
      live = false;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <Modal
      open
      title={t('scanner.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      className="code-scanner"
      data-testid="code-scanner"
    >
      <video ref={video} muted playsInline aria-label={t('scanner.hint')} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('scanner.hint')}
      </Typography.Paragraph>
      {problem && <Alert type="warning" showIcon title={problem} />}
    </Modal>
  );
}
