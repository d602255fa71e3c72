import { useState } from 'react';
import { Button, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CodeListItem } from '@mchweb/contract';
import { toast } from '@/lib/toast';
import { downloadPng } from '../api/code-png';
import { useDisableCode } from '../api/disable-code';
import { useUnbindCode } from '../api/unbind-code';
import { spacedCodeNo } from './code-values';
import { NS } from '../i18n';

/** One code's QR as a PNG from the server (S7.4), busy while it downloads. */
export function PngButton({ code }: { code: CodeListItem }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await downloadPng(code.codeNo);
    } catch {
      // a refusal is toasted by the download helper; a network failure by the request layer
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void onClick()}
      aria-label={`${t('code.png')} ${code.codeNo}`}
      title={t('code.png')}
      data-testid={`code-png-${code.codeNo}`}
    >
      {t('code.pngShort')}
    </Button>
  );
}

/**
 * Disable (final) and unbind, each after a confirm that says what it means for payers. The mutations refresh the
 * lists and batch counts before the success toast.
 */
export function useCodeConfirms() {
  const { t } = useTranslation(NS);
  const disable = useDisableCode();
  const unbind = useUnbindCode();

  const confirm = (
    code: CodeListItem,
    kind: 'disable' | 'unbind',
    run: (input: { codeNo: string }) => Promise<unknown>,
  ) => {
    const codeNo = spacedCodeNo(code.codeNo);
    Modal.confirm({
      title: t(`code.${kind}Title`, { codeNo }),
      content: t(`code.${kind}Text`),
      okText: t(`code.${kind}Ok`),
      okButtonProps: { danger: true, 'data-testid': `${kind}-confirm` },
      cancelText: t('code.keep'),
      onOk: async () => {
        try {
          await run({ codeNo: code.codeNo });
        } catch {
          return; // toasted by the request layer
        }
        toast.success(t(kind === 'disable' ? 'code.disabled' : 'code.unbound', { codeNo }));
      },
    });
  };
  return {
    confirmDisable: (code: CodeListItem) => confirm(code, 'disable', disable.mutateAsync),
    confirmUnbind: (code: CodeListItem) => confirm(code, 'unbind', unbind.mutateAsync),
  };
}
