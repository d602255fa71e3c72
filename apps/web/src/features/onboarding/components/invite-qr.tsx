import { useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** qrcode is loaded by the first QR code drawn, not by the pages around it. */
async function drawQr(canvas: HTMLCanvasElement, text: string, width: number) {
  const mod = await import('qrcode');
  const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
  await qr.toCanvas(canvas, text, { width, margin: 2, errorCorrectionLevel: 'M' });
}

/**
 * An invitation's QR code, drawn in the browser from its url, with a PNG download (`invite-<inviteNo>.png`) for
 * printing or sending in a chat.
 */
export function InviteQr({ url, inviteNo, size = 200 }: { url: string; inviteNo: string; size?: number }) {
  const { t } = useTranslation(NS);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    setReady(false);
    drawQr(canvas.current!, url, size).then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url, size]);

  function download() {
    const a = document.createElement('a');
    a.href = canvas.current!.toDataURL('image/png');
    a.download = `invite-${inviteNo}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  return (
    <div className="invite-qr">
      <canvas
        ref={canvas}
        width={size}
        height={size}
        role="img"
        aria-label={t('invite.qrLabel')}
        data-testid="invite-qr"
        data-ready={ready || undefined}
      />
      {failed && <Typography.Text type="danger">{t('invite.qrFailed')}</Typography.Text>}
      <Button icon={<DownloadOutlined />} onClick={download} disabled={!ready} data-testid="invite-download">
        {t('invite.download')}
      </Button>
    </div>
  );
}
