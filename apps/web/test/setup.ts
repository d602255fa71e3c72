import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { ConfigProvider, Modal } from 'antd';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import { PROGRESS_DONE_DELAY_MS } from '@/lib/progress';

afterEach(async () => {
  cleanup();
  // Toasts and the static dialogs render in React roots of their own, which RTL's cleanup does not unmount. One
  // left open closes on its own timer (a toast after 3 s), which can fire after the file's jsdom is gone: React's
  // work then fails the run with "window is not defined" though every test passed (CI of 219092d, the refusal toast
  // of trade-overview.test). So they are closed here, while jsdom is still up; toasts only when one was shown, since
  // message.destroy() with none yet mounts antd's holder, more React work that can outlive the file (tried: 7 errors).
  if (document.querySelector('.ant-message')) (await import('@/lib/toast-impl')).closeToasts();
  Modal.destroyAll();
});

// nprogress runs timers of its own: the trickle while a request is pending and the fade after done(). One
// that outlives a test file fires after jsdom is gone and fails the run, though no test failed. Unit tests do
// not look at the bar's motion, so it neither trickles nor fades here, and each file ends after the bar's
// last timer (progressEnd's delay, then done()'s zero-length steps).
NProgress.configure({ trickle: false, speed: 0 });
afterAll(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_DONE_DELAY_MS + 50)));

// Static toasts and dialogs without animation, so a closed one leaves the DOM at once between tests.
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

// jsdom has no matchMedia; antd's Grid and responsive observers need one.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver; antd's Select, Table and TextArea, and charts observe their size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
