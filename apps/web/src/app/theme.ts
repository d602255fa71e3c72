import type { ThemeConfig } from 'antd';
import getDesignToken from 'antd/es/theme/getDesignToken';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import { TOAST } from '@/lib/toast-style';

/**
 * antd's own algorithm, remembering what it worked out for the last seed: the theme's colour palettes take ~5 ms on a
 * desktop (~50 ms on a phone), and antd works them out in the first component it draws, inside hydration's first
 * long step. `prepareTheme` has them worked out in a task of their own before (app/start.tsx).
 */
let remembered: { seed: string; token: MapToken } | null = null;
function rememberedAlgorithm(seed: SeedToken): MapToken {
  // The last seed only: what matters is the theme's, worked out by prepareTheme and asked for again by hydration.
  const key = JSON.stringify(seed);
  if (remembered?.seed !== key) remembered = { seed: key, token: defaultAlgorithm(seed) };
  return remembered.token;
}

/** One theme: a calm, deep blue a merchant associates with a bank, neutral greys, clear money figures. */
export const BRAND = '#1554d1';
export const theme: ThemeConfig = {
  algorithm: rememberedAlgorithm,
  token: {
    colorPrimary: BRAND,
    colorInfo: BRAND,
    colorSuccess: '#16a34a',
    colorWarning: '#d97706',
    colorError: '#dc2626',
    colorLink: BRAND,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f4f6fa',
    // AA contrast for secondary text on white and on the grey layout background.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  },
  components: {
    Message: { zIndexPopup: TOAST.zIndex },
    // antd's description labels (0.45) and a select's placeholder (0.25, an element rather than ::placeholder)
    // are below AA contrast on white.
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.62)' },
    Select: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)' },
    Layout: { headerBg: '#ffffff', siderBg: '#0f1f3d', headerHeight: 56, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: '#0f1f3d',
      darkSubMenuItemBg: '#0b1830',
      darkItemSelectedBg: BRAND,
      darkItemColor: 'rgba(255,255,255,0.78)',
      darkGroupTitleColor: 'rgba(255,255,255,0.6)',
    },
  },
};

/** Works out the theme's tokens ahead of the first component that needs them (see rememberedAlgorithm). */
export function prepareTheme() {
  getDesignToken(theme);
}
