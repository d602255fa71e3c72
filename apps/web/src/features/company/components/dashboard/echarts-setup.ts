import { init, use as register } from 'echarts/core';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/*
 * The parts of ECharts the dashboard draws with, and nothing else (a line, a pie, their grid, tooltip and legend,
 * drawn as SVG). Only ever `import()`ed by echarts-loader.ts (for chart.tsx), so ECharts is a chunk of its own that
 * /organ-home fetches when it draws its first chart, never part of the shell or /login (docs/web.md, "Budget").
 */
register([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init };
