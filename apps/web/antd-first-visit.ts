import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Two of antd's imports answered by smaller modules of ours (src/lib/antd/), for the app shell every first visit
 * downloads (docs/web.md, "Budget"):
 * - Button's and Tag's styles import `isBright` (is text on this colour dark?) from the colour picker's presets
 *   panel, whose module imports Collapse: every page with a button carried Collapse, its styles and
 *   @rc-component/collapse (~5.5 KB gzip), although no page draws a colour picker;
 * - ConfigProvider imports the tooltips' UniqueProvider (and with it @rc-component/trigger) for its
 *   `tooltip.unique` setting, which no provider of ours turns on: ours loads antd's on first use.
 * Should antd move either, its import no longer matches and antd's own module is used again: the build stays right,
 * only heavier.
 */
const REPLACED: { importer: RegExp; source: string; by: string }[] = [
  {
    importer: /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/,
    source: '../../color-picker/components/ColorPresets',
    by: 'is-bright.ts',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    by: 'unique-provider.tsx',
  },
];

export function antdFirstVisit(): Plugin {
  return {
    name: 'mchweb-antd-first-visit',
    enforce: 'pre',
    resolveId(source, importer) {
      const found = importer && REPLACED.find((r) => r.source === source && r.importer.test(importer));
      return found ? path.resolve(import.meta.dirname, 'src/lib/antd', found.by) : null;
    },
  };
}
