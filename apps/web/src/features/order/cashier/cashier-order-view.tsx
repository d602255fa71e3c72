import { useEffect, useState } from 'react';
import type { CashierOrder } from '@mchweb/contract';
import { fieldOf } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { businessTime } from '@/lib/business-time';
import { CASHIER_POLL_MS, fetchCashierOrder } from '../api/cashier-order';
import { sandboxNotify } from '../api/sandbox-notify';
import { yuan } from '../components/order-values';
import { forgetPaymentKey } from '../components/cashier/payment-key';
import { useText } from './language';
import { payerBrowser } from './payer-browser';
import { Alert, Button, Result, Spinner } from './ui';

const FINAL = ['SUCCESS', 'FAILED', 'CLOSED', 'PARTIAL_REFUNDED', 'REFUNDED'];

/**
 * One order of the cashier: the sandbox channel's page while it is PENDING (simulate success or failure), then
 * the result. Read again every CASHIER_POLL_MS until it is final, so a notice sent from elsewhere or the close
 * job shows too. Once final, the payment's idempotency key is forgotten: the next payment is a new one.
 */
export function CashierOrderView({
  codeNo,
  orderNo,
  initial,
  live,
  onBack,
  onAgain,
  onDone,
}: {
  codeNo: string;
  orderNo: string;
  initial: CashierOrder | null;
  /** Whether the order's channel is a real one here (its app pays it; no sandbox buttons). */
  live: (order: CashierOrder) => boolean;
  onBack: (order: CashierOrder) => void;
  onAgain: (order: CashierOrder) => void;
  onDone: () => void;
}) {
  const { t } = useText();
  const [order, setOrder] = useState<CashierOrder | null>(initial?.orderNo === orderNo ? initial : null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const final = order !== null && FINAL.includes(order.status);

  useEffect(() => {
    if (final) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      fetchCashierOrder(orderNo, controller.signal).then(
        (o) => {
          setError(null);
          setOrder(o);
          if (!FINAL.includes(o.status)) timer = setTimeout(read, CASHIER_POLL_MS);
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          setError(e);
          // A network hiccup while waiting: keep trying; a refusal (unknown order) stops.
          if (!(e instanceof ApiError)) timer = setTimeout(read, CASHIER_POLL_MS * 2);
        },
      );
    timer = setTimeout(read, initial?.orderNo === orderNo ? CASHIER_POLL_MS : 0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderNo, final, attempt, initial]);

  useEffect(() => {
    if (order && final) forgetPaymentKey(codeNo, order.amountFen, order.channel);
  }, [order, final, codeNo]);

  if (!order) {
    if (error instanceof ApiError)
      return (
        <Result
          status="missing"
          title={t('orderMissing.title')}
          subTitle={fieldOf(error).message || t('orderMissing.text')}
          extra={<Button onClick={onDone}>{t('result.another')}</Button>}
          testId="cashier-order-missing"
        />
      );
    if (error)
      return (
        <Result
          status="warning"
          title={t('loadError')}
          subTitle={fieldOf(error).message}
          extra={
            <Button kind="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          }
        />
      );
    return <Spinner label={t('loading')} />;
  }
  if (!final && live(order)) return <LivePanel order={order} onBack={() => onBack(order)} />;
  if (!final) return <SandboxPanel order={order} onBack={() => onBack(order)} onNotified={setOrder} />;
  return <CashierResult order={order} onAgain={() => onAgain(order)} onDone={onDone} />;
}

/**
 * A real channel's order while it waits: the channel's app pays it (WeChat Pay's sheet inside WeChat) and its
 * notice reaches the server; this page reads the result. Outside the channel's app it says where to pay.
 */
function LivePanel({ order, onBack }: { order: CashierOrder; onBack: () => void }) {
  const { t } = useText();
  const kind = order.payerAction?.kind;
  const inApp =
    kind === 'WECHAT_JSAPI' || kind === 'ALIPAY_JSAPI' || kind === 'ALIPAY_WAP' || payerBrowser() !== 'other';
  const qr = kind === 'ALIPAY_QR' ? order.payerAction!.qrCode : undefined;
  return (
    <section className="cashier-card cashier-sandbox" aria-labelledby="live-title" data-testid="cashier-live">
      <div className={`cashier-sandbox-bar cashier-channel-${order.channel.toLowerCase()}`}>
        <h2 id="live-title">{t(`channelName.${order.channel}`)}</h2>
      </div>
      <div className="cashier-sandbox-body">
        <div className="cashier-muted">{order.mchName}</div>
        <div className="cashier-sandbox-amount">{yuan(order.amountFen)}</div>
        <dl className="cashier-facts">
          <dt>{t('sandbox.order')}</dt>
          <dd className="cashier-mono" data-testid="cashier-order-no">
            {order.orderNo}
          </dd>
        </dl>
        {qr ? (
          <ChannelQr text={qr} />
        ) : inApp ? (
          <div className="cashier-live-wait" role="status">
            <Spinner />
            <p className="cashier-muted">{t('live.waiting', { channel: t(`channelName.${order.channel}`) })}</p>
          </div>
        ) : (
          <Alert type="info" title={t('live.openInApp')} testId="cashier-open-in-app" />
        )}
        <Button block onClick={onBack}>
          {t('sandbox.cancel')}
        </Button>
      </div>
    </section>
  );
}

/**
 * A channel's QR (Alipay's precreate qr_code) for a payer on a computer: scanned with the Alipay app; on a phone
 * the same address opens Alipay. qrcode is loaded only here, not with the payer's page.
 */
function ChannelQr({ text }: { text: string }) {
  const { t } = useText();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    void import('qrcode').then(async (mod) => {
      const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
      const url = await qr.toDataURL(text, { width: 200, margin: 2, errorCorrectionLevel: 'M' });
      if (!gone) setSrc(url);
    });
    return () => {
      gone = true;
    };
  }, [text]);
  return (
    <div className="cashier-live-wait" data-testid="cashier-channel-qr">
      {src ? <img src={src} width={200} height={200} alt={t('live.scanQr')} /> : <Spinner />}
      <p className="cashier-muted">{t('live.scanQr')}</p>
      <a href={text}>{t('live.openAlipay')}</a>
    </div>
  );
}

/** The sandbox channel's page: what a real channel's app would ask, and its two answers. */
function SandboxPanel({
  order,
  onBack,
  onNotified,
}: {
  order: CashierOrder;
  onBack: () => void;
  onNotified: (order: CashierOrder) => void;
}) {
  const { t } = useText();
  const [busy, setBusy] = useState<'SUCCESS' | 'FAILED' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = useSecondsLeft(order.expiresAt);

  async function notify(result: 'SUCCESS' | 'FAILED') {
    if (busy) return;
    setBusy(result);
    setError(null);
    try {
      onNotified(await sandboxNotify({ orderNo: order.orderNo, result }));
    } catch (e) {
      setError(fieldOf(e).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="cashier-card cashier-sandbox" aria-labelledby="sandbox-title" data-testid="cashier-sandbox">
      <div className={`cashier-sandbox-bar cashier-channel-${order.channel.toLowerCase()}`}>
        <h2 id="sandbox-title">{t('sandbox.title', { channel: t(`channelName.${order.channel}`) })}</h2>
      </div>
      <div className="cashier-sandbox-body">
        <div className="cashier-muted">{order.mchName}</div>
        <div className="cashier-sandbox-amount" data-testid="cashier-sandbox-amount">
          {yuan(order.amountFen)}
        </div>
        <dl className="cashier-facts">
          <dt>{t('sandbox.order')}</dt>
          <dd className="cashier-mono" data-testid="cashier-order-no">
            {order.orderNo}
          </dd>
        </dl>
        <p className="cashier-expires" role="timer" aria-live="off">
          {t('sandbox.expires', { time: clock(left) })}
        </p>
        <Alert type="info" title={t('sandbox.note')} className="cashier-sandbox-note" />
        <div className="cashier-sandbox-actions">
          <Button
            kind="primary"
            size="large"
            block
            loading={busy === 'SUCCESS'}
            disabled={busy !== null}
            onClick={() => void notify('SUCCESS')}
            testId="sandbox-success"
          >
            {t('sandbox.success')}
          </Button>
          <Button
            kind="danger"
            size="large"
            block
            loading={busy === 'FAILED'}
            disabled={busy !== null}
            onClick={() => void notify('FAILED')}
            testId="sandbox-fail"
          >
            {t('sandbox.fail')}
          </Button>
          <Button kind="link" block onClick={onBack} disabled={busy !== null} testId="sandbox-back">
            {t('sandbox.cancel')}
          </Button>
        </div>
        {error && <Alert type="error" title={t('sandbox.notifyFailed')} description={error} />}
        <div className="cashier-muted cashier-waiting" aria-live="polite">
          <Spinner small /> {t('sandbox.waiting')}
        </div>
      </div>
    </section>
  );
}

/** The result page: paid (amount, merchant, when), failed (pay again), closed unpaid (pay again). */
function CashierResult({ order, onAgain, onDone }: { order: CashierOrder; onAgain: () => void; onDone: () => void }) {
  const { t } = useText();
  const paid = order.status !== 'FAILED' && order.status !== 'CLOSED';
  const status = paid ? 'SUCCESS' : order.status;
  return (
    <section className="cashier-card cashier-result" data-testid={`cashier-result-${status}`}>
      <Result
        status={paid ? 'success' : status === 'FAILED' ? 'error' : 'warning'}
        title={<h2 className="cashier-result-title">{t(`result.${status}`)}</h2>}
        subTitle={
          paid ? (
            <>
              <span className="cashier-result-amount" data-testid="cashier-result-amount">
                {yuan(order.amountFen)}
              </span>
              <span>{t('result.successText', { mch: order.mchName })}</span>
            </>
          ) : (
            t(status === 'FAILED' ? 'result.failedText' : 'result.closedText')
          )
        }
      />
      <dl className="cashier-facts">
        <dt>{t('result.orderNo')}</dt>
        <dd className="cashier-mono">{order.orderNo}</dd>
        <dt>{t('result.channel')}</dt>
        <dd>{t(`channelName.${order.channel}`)}</dd>
        {order.paidAt && (
          <>
            <dt>{t('result.paidAt')}</dt>
            <dd>{businessTime(order.paidAt)}</dd>
          </>
        )}
      </dl>
      <div className="cashier-result-actions">
        {paid ? (
          <Button size="large" block onClick={onDone} testId="cashier-another">
            {t('result.another')}
          </Button>
        ) : (
          <Button kind="primary" size="large" block onClick={onAgain} testId="cashier-again">
            {t('result.again')}
          </Button>
        )}
      </div>
    </section>
  );
}

function useSecondsLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
