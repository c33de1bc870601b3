// Charts for remotes, on echarts' tree-shaken core (bar and line). Not in the shared map: a remote
// that draws charts bundles this into its own lazily loaded chunk, and the console never loads it.
import { BarChart, LineChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, LineChart, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface Series {
  name: string;
  type: 'bar' | 'line';
  /** `null` leaves a gap (a bucket without a sample). */
  data: (number | null)[];
  /** Bars of the same stack are stacked (a stacked column chart). */
  stack?: string;
  /** Plotted on the right-hand axis. */
  right?: boolean;
}

/** Saves the chart as `<fileName>.png` (top right of a chart, over it). */
export function PngButton({ chart, fileName, testId }: { chart: RefObject<echarts.ECharts | null>; fileName: string; testId?: string }) {
  const { t } = useTranslation('sdk');
  const savePng = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName}.png`;
    link.click();
  };
  return (
    <Button
      size="small"
      type="text"
      icon={<DownloadOutlined />}
      onClick={savePng}
      aria-label={t('savePng')}
      title={t('savePng')}
      style={{ position: 'absolute', right: 0, top: 0, zIndex: 1 }}
      data-testid={testId ? `${testId}-png` : undefined}
    />
  );
}

/** An echarts instance on the returned element, resized with it and disposed with the component. */
export function useEChart() {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  return { element, chart };
}

/** A category chart: labels along x, one or more series. Resizes with its container; with `fileName`, the user can save it as a PNG. */
export function Chart({ labels, series, height = 320, testId, fileName }: { labels: string[]; series: Series[]; height?: number; testId?: string; fileName?: string }) {
  const { element, chart } = useEChart();

  useEffect(() => {
    const twoAxes = series.some((s) => s.right);
    chart.current?.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: twoAxes ? 48 : 16, top: 36, bottom: 32 },
        xAxis: { type: 'category', data: labels },
        yAxis: twoAxes ? [{ type: 'value' }, { type: 'value' }] : { type: 'value' },
        series: series.map((s) => ({ name: s.name, type: s.type, data: s.data, stack: s.stack, yAxisIndex: s.right ? 1 : 0, barMaxWidth: 56 })),
      },
      true,
    );
  }, [chart, labels, series]);

  return (
    <div style={{ position: 'relative' }}>
      {fileName && <PngButton chart={chart} fileName={fileName} testId={testId} />}
      <div ref={element} data-testid={testId} style={{ width: '100%', height }} />
    </div>
  );
}
