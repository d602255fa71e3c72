import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { fieldOf } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { documentTitle } from '@/lib/page-title';
import { fetchCashierCode } from '../api/cashier-code';
import { createCashierOrder } from '../api/create-cashier-order';
import { keyOfKeyboard, payableFen, pressKey, type KeypadKey } from '../components/cashier/keypad-rules';
import { forgetPaymentKey, paymentKey } from '../components/cashier/payment-key';
import { yuan, type Channel } from '../components/order-values';
import { AmountKeypad } from './amount-keypad';
import { CashierOrderView } from './cashier-order-view';
import { ChannelPicker } from './channel-picker';
import { Icon } from './icons';
import {
  alipaySignIn,
  canPayWith,
  payerBrowser,
  payInAlipay,
  payInWechat,
  preferredChannel,
  wechatSignIn,
} from './payer-browser';
import { changeLanguage, useText } from './language';
import { Alert, Button, Result, Spinner } from './ui';
import './cashier.css';

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; code: CashierCode };

/** 1230 fen -> "12.3" as the keypad would show it typed. */
const typed = (fen: number) => `${Math.floor(fen / 100)}${fen % 100 ? `.${String(fen % 100).padStart(2, '0')}` : ''}`;

/**
 * An order made by the merchant API (issue 30) has no code: its payer URL is `/mchweb/pay/order/<orderNo>`, and the
 * page shows that order alone (the channel's page, then the result).
 */
const directOrderNo = () => /\/pay\/order\/([^/]+)$/.exec(window.location.pathname)?.[1] ?? null;
const nothing = () => undefined;

/** The code in the address (`/mchweb/pay/880000000001`) and the order being paid (`?order=`). */
function useAddress() {
  const search = useSyncExternalStore(
    (changed) => {
      window.addEventListener('popstate', changed);
      return () => window.removeEventListener('popstate', changed);
    },
    () => window.location.search,
  );
  const codeNo = decodeURIComponent(/\/pay\/([^/]+)/.exec(window.location.pathname)?.[1] ?? '');
  const [, rerender] = useState(0);
  const setOrder = (orderNo: string | null) => {
    const url = `${window.location.pathname}${orderNo ? `?order=${encodeURIComponent(orderNo)}` : ''}`;
    window.history.pushState(null, '', url);
    rerender((n) => n + 1);
  };
  return { codeNo, orderNo: new URLSearchParams(search).get('order'), setOrder };
}

/**
 * /pay/:codeNo (public, no sign-in, phone first): the cashier a payer reaches by scanning a payment code. The
 * merchant, the fixed amount or a keypad, the channel, Pay; then the sandbox channel's page and the result. The
 * order being paid is kept in the address (`?order=`), so a reload comes back to it. Its own small entry (pay.html,
 * pay-main.tsx): no antd, no router, no i18next, and Preact in place of React DOM in the build (docs/web.md).
 */
export default function PayPage() {
  const { t } = useText();
  const { codeNo, orderNo, setOrder } = useAddress();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<Channel | null>(null);
  const [created, setCreated] = useState<CashierOrder | null>(null);
  const browser = payerBrowser();

  const title = documentTitle(t('brand'), t('site'));
  useEffect(() => {
    document.title = title;
  }, [title]);

  const direct = directOrderNo();
  useEffect(() => {
    if (direct) return;
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchCashierCode(codeNo, controller.signal).then(
      (code) => {
        // Inside WeChat with WeChat Pay live: first the openid (a redirect through WeChat and back).
        // Inside Alipay with Alipay live: first the user id, likewise.
        const signIn =
          browser === 'wechat'
            ? wechatSignIn(code, window.location.search)
            : browser === 'alipay'
              ? alipaySignIn(code, window.location.search)
              : null;
        if (signIn) return window.location.replace(signIn);
        setLoaded({ state: 'ready', code });
        setChannel((c) => (c && canPayWith(code, c) ? c : preferredChannel(browser, code)));
      },
      (error: unknown) => !controller.signal.aborted && setLoaded({ state: 'failed', error }),
    );
    return () => controller.abort();
  }, [codeNo, attempt, browser, direct]);

  const code = loaded.state === 'ready' ? loaded.code : null;
  const refusal = loaded.state === 'failed' && loaded.error instanceof ApiError ? loaded.error : null;

  let body: React.ReactNode;
  if (direct) {
    body = (
      <CashierOrderView
        codeNo=""
        orderNo={decodeURIComponent(direct)}
        initial={null}
        // An order made through the merchant API: the payer's page knows no code, so not whether its channel is
        // live here; it shows the order's state as before (docs/api.md).
        live={() => false}
        onBack={nothing}
        onAgain={nothing}
        onDone={nothing}
      />
    );
  } else if (loaded.state === 'loading') body = <Spinner label={t('loading')} />;
  else if (refusal) {
    // 404 (and a malformed number, 400): no such code; 409: unbound, disabled, its merchant frozen.
    const kind = refusal.code === 409 ? 'unusable' : 'unknown';
    body = (
      <Result
        status={kind === 'unknown' ? 'missing' : 'warning'}
        title={<h1 className="cashier-result-title">{t(`code.${kind}.title`)}</h1>}
        subTitle={refusal.msg || t(`code.${kind}.text`)}
        testId={`cashier-code-${kind}`}
      />
    );
  } else if (loaded.state === 'failed') {
    body = (
      <Result
        status="warning"
        title={<h1 className="cashier-result-title">{t('loadError')}</h1>}
        subTitle={fieldOf(loaded.error).message}
        extra={
          <Button kind="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (code && !code.channels.some((c) => canPayWith(code, c))) {
    // No channel can take this merchant's payments here (production without a connected channel, or the
    // merchant not set up at the channel yet): say why instead of a form that cannot pay.
    const why = code.channels.some((c) => code.availability[c] === 'NO_SUB_MERCHANT')
      ? 'NO_SUB_MERCHANT'
      : 'NOT_CONNECTED';
    body = (
      <>
        <Payee code={code} />
        <Result
          status="warning"
          title={<h2 className="cashier-result-title">{t('noChannel.title')}</h2>}
          subTitle={t(`noChannel.${why}`)}
          testId="cashier-no-channel"
        />
      </>
    );
  } else if (code && orderNo) {
    body = (
      <>
        <Payee code={code} />
        <CashierOrderView
          codeNo={codeNo}
          orderNo={orderNo}
          initial={created}
          live={(o) => code.availability[o.channel] === 'LIVE'}
          onBack={(o) => {
            setChannel(o.channel);
            if (code.fixedAmountFen === null) setText(typed(o.amountFen));
            setOrder(null);
          }}
          onAgain={(o) => {
            setChannel(o.channel);
            if (code.fixedAmountFen === null) setText(typed(o.amountFen));
            setOrder(null);
          }}
          onDone={() => {
            setText('');
            setOrder(null);
          }}
        />
      </>
    );
  } else if (code) {
    body = (
      <PayForm
        code={code}
        text={text}
        onText={setText}
        channel={channel}
        onChannel={setChannel}
        onCreated={(o) => {
          setCreated(o);
          setOrder(o.orderNo);
          // Inside WeChat the JSAPI order opens WeChat Pay's own sheet; the order's page waits for the result.
          if (o.payerAction?.kind === 'WECHAT_JSAPI') void payInWechat(o.payerAction);
          // Inside Alipay, tradePay opens Alipay's sheet; in another phone browser, Alipay's wap page takes over.
          if (o.payerAction?.kind === 'ALIPAY_JSAPI') void payInAlipay(o.payerAction.tradeNo!);
          if (o.payerAction?.kind === 'ALIPAY_WAP') window.location.assign(o.payerAction.url!);
        }}
      />
    );
  }

  return (
    <div className="cashier" data-testid="page-pay">
      <header className="cashier-head">
        <span className="cashier-brand">
          <Icon glyph="safety" /> {t('brand')}
        </span>
        <LanguageSwitch />
      </header>
      <main className="cashier-main">{body}</main>
      <footer className="cashier-foot">{t('secure')}</footer>
    </div>
  );
}

/** zh-CN <-> en-US, as the portal's switch (the choice is kept under the same key). */
function LanguageSwitch() {
  const { t, lng } = useText();
  const other =
    lng === 'zh-CN' ? { lng: 'en-US' as const, label: 'English' } : { lng: 'zh-CN' as const, label: '中文' };
  return (
    <button
      type="button"
      className="pay-btn pay-btn-text"
      lang={other.lng}
      aria-label={`${t('language.switch')}: ${other.label}`}
      data-testid="language-switch"
      onClick={() => changeLanguage(other.lng)}
    >
      <Icon glyph="translation" />
      <span>{other.label}</span>
    </button>
  );
}

/** Whom the payer pays: the merchant's initial, name and the code's label. */
function Payee({ code }: { code: CashierCode }) {
  const { t } = useText();
  return (
    <div className="cashier-payee">
      <span className="cashier-avatar" aria-hidden>
        {[...code.mchName][0]}
      </span>
      <div className="cashier-payee-text">
        <span className="cashier-muted">{t('payTo')}</span>
        <h1 className="cashier-mch" data-testid="cashier-mch">
          {code.mchName}
        </h1>
        {code.label && (
          <span className="cashier-tag" data-testid="cashier-label">
            {code.label}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The amount (fixed, or typed on the keypad or a keyboard), the channel and Pay. Pay sends the idempotency key
 * of this code, amount and channel (payment-key.ts): a double tap or a retry answers the same order. A key whose
 * order already ended unpaid (the payer came back later) gives way to a new one.
 */
function PayForm({
  code,
  text,
  onText,
  channel,
  onChannel,
  onCreated,
}: {
  code: CashierCode;
  text: string;
  onText: (text: string) => void;
  channel: Channel | null;
  onChannel: (c: Channel) => void;
  onCreated: (order: CashierOrder) => void;
}) {
  const { t } = useText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const fixed = code.fixedAmountFen;
  const amountFen = fixed ?? payableFen(text);
  const canPay = amountFen !== null && channel !== null;

  async function pay() {
    if (running.current || amountFen === null || channel === null) return;
    running.current = true;
    setBusy(true);
    setError(null);
    const body = () => ({
      codeNo: code.codeNo,
      amountFen,
      channel,
      idempotencyKey: paymentKey(code.codeNo, amountFen, channel),
    });
    try {
      let order = await createCashierOrder(body());
      if (order.status === 'FAILED' || order.status === 'CLOSED') {
        forgetPaymentKey(code.codeNo, amountFen, channel);
        order = await createCashierOrder(body());
      }
      onCreated(order);
    } catch (e) {
      setError(fieldOf(e).message);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  // A keyboard types on the keypad too (a desktop browser, a phone's hardware keyboard); Enter pays.
  const latest = useRef({ text, onText, pay, canPay });
  useEffect(() => {
    latest.current = { text, onText, pay, canPay };
  });
  useEffect(() => {
    if (fixed !== null) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Not while typing into a text field; a channel's radio button keeps the keys for the keypad.
      const typing = 'input:not([type=radio]):not([type=checkbox]), textarea, [contenteditable]';
      if ((e.target as HTMLElement | null)?.closest(typing)) return;
      const { text: now, onText: set, pay: go, canPay: ready } = latest.current;
      if (e.key === 'Enter' && (e.target as HTMLElement | null)?.tagName !== 'BUTTON') {
        if (ready) void go();
        return;
      }
      const key = keyOfKeyboard(e.key);
      if (!key) return;
      e.preventDefault();
      set(pressKey(now, key));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [fixed]);

  const payLabel = amountFen !== null ? t('payAmount', { amount: yuan(amountFen) }) : t('pay');
  return (
    <div className={`cashier-form${fixed === null ? ' has-keypad' : ''}`}>
      <Payee code={code} />
      <section className="cashier-card" aria-labelledby="cashier-amount-label">
        <span className="cashier-label" id="cashier-amount-label">
          {fixed === null ? t('amount') : t('fixed')}
        </span>
        <output
          className={`cashier-amount${fixed === null && text === '' ? ' is-empty' : ''}`}
          aria-live="polite"
          aria-label={
            fixed !== null || text
              ? t('amountLabel', { amount: yuan(fixed ?? payableFen(text) ?? 0) })
              : t('amountEmpty')
          }
          data-testid="cashier-amount"
        >
          <span className="cashier-yuan">¥</span>
          {fixed !== null ? (
            yuan(fixed).slice(1)
          ) : text ? (
            <>
              {text}
              <span className="cashier-caret" aria-hidden />
            </>
          ) : (
            <span className="cashier-placeholder">
              <span className="cashier-caret" aria-hidden />
              0.00
            </span>
          )}
        </output>
        {fixed === null && <span className="cashier-hint">{t('amountHint')}</span>}
      </section>
      <section className="cashier-card">
        <ChannelPicker channels={code.channels} availability={code.availability} value={channel} onChange={onChannel} />
      </section>
      {error && <Alert type="error" title={t('payFailed')} description={error} testId="cashier-error" />}
      {fixed === null ? (
        <AmountKeypad
          onKey={(k: KeypadKey) => onText(pressKey(text, k))}
          onPay={() => void pay()}
          canPay={canPay}
          busy={busy}
          payLabel={busy ? t('paying') : t('pay')}
        />
      ) : (
        <Button
          kind="primary"
          size="large"
          block
          className="cashier-pay-fixed"
          disabled={!canPay}
          loading={busy}
          onClick={() => void pay()}
          testId="cashier-pay"
        >
          {payLabel}
        </Button>
      )}
    </div>
  );
}
