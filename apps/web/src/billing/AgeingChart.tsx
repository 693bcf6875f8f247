import { type Ageing, ageingBuckets } from '@bl/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ES module build: the CommonJS one (lib/) reaches the bundle as an object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Bucket colours, from "not yet due" (calm) to "over 90 days" (alarm). */
const colours = ['#91cc75', '#fac858', '#fc8452', '#ee6666', '#9a2f2f'];

/**
 * The open amount per owner as stacked bars, one series per age bucket (ADR 0039). Loaded with
 * the arrears screen only, so ECharts never enters the first load (ADR 0017).
 */
export function AgeingChart({ rows }: { rows: Ageing[] }) {
  const { t } = useTranslation();
  const option = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 16, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => (r.customerName ? `${r.customerCode} ${r.customerName}` : r.customerCode)),
    },
    yAxis: { type: 'value' },
    series: ageingBuckets.map((bucket, i) => ({
      name: t(`ageing.buckets.${bucket}`),
      type: 'bar',
      stack: 'open',
      barMaxWidth: 64,
      itemStyle: { color: colours[i] },
      // Amounts arrive as exact decimal strings; the chart only draws them.
      data: rows.map((r) => Number(r[bucket])),
    })),
  };
  return (
    <div data-testid="ageing-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 280 }} notMerge />
    </div>
  );
}
