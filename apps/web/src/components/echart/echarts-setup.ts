import { init, use as register } from 'echarts/core';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/*
 * The parts of ECharts the charts draw with, and nothing else (a line, a pie, their grid, tooltip and legend,
 * drawn as SVG). Only ever `import()`ed by echarts-loader.ts (for chart.tsx), so ECharts is a chunk of its own that
 * a page fetches when it draws its first chart (the portal's /organ-home, the console's overview), never part of
 * the shell or /login (docs/web.md, "Budget").
 */
register([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init };
