import type { init } from 'echarts/core';

/**
 * ECharts, loaded on first use: `import('./echarts-setup')`, a chunk of its own that a charting page fetches when it
 * draws its first chart. A module of its own so that tests replace the loading (a plain `vi.mock` of this module),
 * not the dynamically imported module, which vitest can hand out unmocked to a second importer
 * (vitest-dev/vitest#7040).
 */
export const loadECharts = (): Promise<{ init: typeof init }> => import('./echarts-setup');
