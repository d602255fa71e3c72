import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { loadECharts } from './echarts-loader';
import './chart.css';

/**
 * An ECharts chart, loaded on first use (`loadECharts`): a skeleton until the library arrives, then
 * the chart, resized with its box and disposed with the component. For screen readers the chart is one image
 * named by `label` (a sentence with its figures); the caller gives the figures in full as text beside it.
 */
export function EChart({
  option,
  height,
  label,
  testId,
}: {
  option: EChartsCoreOption;
  height: number;
  label: string;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then(({ init }) => {
      if (disposed || !box.current) return;
      chart.current = init(box.current, null, { renderer: 'svg' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <div
      className="dashboard-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-ready={ready}
    >
      {!ready && <Skeleton.Node active className="dashboard-chart-skeleton" />}
      <div ref={box} className="dashboard-chart-canvas" />
    </div>
  );
}
