import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { ConfigProvider } from 'antd';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

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
