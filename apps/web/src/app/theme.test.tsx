import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import getDesignToken from 'antd/es/theme/getDesignToken';
import type defaultAlgorithm from 'antd/es/theme/themes/default';
import { describe, expect, it, vi } from 'vitest';
import { prepareTheme, theme } from './theme';

/* Issue 26: the theme's colour palettes are worked out ahead of hydration (app/start.tsx), not by the first
 * component drawn. */
const computed = vi.hoisted(() => ({ count: 0 }));
vi.mock('antd/es/theme/themes/default', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof defaultAlgorithm }>();
  return {
    default: (...args: Parameters<typeof actual.default>) => {
      computed.count += 1;
      return actual.default(...args);
    },
  };
});

describe("the portal's theme", () => {
  it("gives antd's own tokens: the brand colour and the palettes its default algorithm derives from it", () => {
    const { algorithm: _remembered, ...plain } = theme;
    const ours = getDesignToken(theme);
    expect(ours).toEqual(getDesignToken(plain));
    expect(ours.colorPrimary).toBe('#1554d1');
  });

  it('works out the palettes once: after prepareTheme, drawing a themed button works out none again', () => {
    prepareTheme();
    const before = computed.count;
    render(
      <ConfigProvider theme={theme}>
        <Button type="primary">Sign in</Button>
      </ConfigProvider>,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(computed.count).toBe(before);
  });
});
