import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Segmented, Skeleton, Space, Tag } from 'antd';
import { LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ES module build: the CommonJS one (lib/) reaches the bundle as an object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { ExportProgress } from '../crud/ExportProgress.tsx';
import { useBackgroundExport } from '../crud/useDownload.ts';
import { formatDate } from '../utils/date.ts';
import type { DeviceHistory } from './api.ts';
import { chartStart } from './chart-range.ts';

echarts.use([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

const ranges = { last24h: 1, last7d: 7, last30d: 30, last1y: 365 } as const;
type RangeKey = keyof typeof ranges;

/** The readings of a range as a CSV file (what the chart shows: raw readings or the summary). */
function downloadCsv(deviceCode: string, history: DeviceHistory) {
  const lines = [
    'time,temperature,humidity',
    ...history.points.map((p) => `${p.t},${p.temperature},${p.humidity ?? ''}`),
  ];
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${deviceCode}-${history.resolution}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A device's temperature and humidity over a chosen range (ECharts): raw readings up to a week,
 * hourly and daily summaries beyond (the server picks); the allowed ranges drawn as bands, the
 * alarms as red spans; zoom with the slider or the wheel.
 */
export function DeviceHistoryChart({ deviceCode }: { deviceCode: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<RangeKey>('last24h');
  const window = useMemo(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - ranges[range] * 86_400_000), to };
  }, [range]);
  const exportInBackground = useBackgroundExport();
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  // Every raw reading of the device over the range, as the readings list exports them: a job
  // (a year of minute data is half a million rows) with its progress, then the file.
  const exportRaw = () => {
    setExporting({ done: 0, total: 0 });
    void exportInBackground(
      '/api/bl-iot/temhumdata',
      {
        deviceCode_equal: deviceCode,
        readingTime_gt: new Date(window.from.getTime() - 1).toISOString(),
        readingTime_lt: window.to.toISOString(),
      },
      `${deviceCode}.xlsx`,
      (done, total) => setExporting({ done, total }),
    ).finally(() => setExporting(null));
  };
  const history = useQuery({
    queryKey: ['device-history', deviceCode, range],
    queryFn: () =>
      client.request<DeviceHistory>('GET', '/api/bl-iot/devices/history', {
        query: { deviceCode, from: window.from.toISOString(), to: window.to.toISOString() },
      }),
    staleTime: 0,
  });

  const option = useMemo(() => {
    const data = history.data;
    if (!data) return undefined;
    const limits = data.limits;
    const band = (low: string | null | undefined, high: string | null | undefined, color: string) =>
      low !== null && low !== undefined && high !== null && high !== undefined
        ? { silent: true, itemStyle: { color }, data: [[{ yAxis: Number(low) }, { yAxis: Number(high) }]] }
        : undefined;
    const alarmSpans = data.alarms.map((a) => [
      { xAxis: new Date(a.raisedTime).getTime(), name: t('devices.alarmMark') },
      { xAxis: a.clearedTime ? new Date(a.clearedTime).getTime() : window.to.getTime() },
    ]);
    const temperatureName = `${t('devices.temperature')} (℃)`;
    const humidityName = `${t('devices.humidity')} (%RH)`;
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: [temperatureName, humidityName] },
      grid: { left: 56, right: 56, top: 40, bottom: 72 },
      xAxis: {
        type: 'time',
        min: chartStart(
          window.from.getTime(),
          window.to.getTime(),
          data.points.map((p) => new Date(p.t).getTime()),
        ),
        max: window.to.getTime(),
      },
      yAxis: [
        { type: 'value', name: '℃', scale: true },
        { type: 'value', name: '%RH', min: 0, max: 100 },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider' }],
      series: [
        {
          name: temperatureName,
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          data: data.points.map((p) => [new Date(p.t).getTime(), Number(p.temperature)]),
          markArea: {
            data: [
              ...(band(limits?.minTemperature, limits?.maxTemperature, 'rgba(24, 144, 255, 0.08)')?.data ??
                []),
              ...alarmSpans,
            ],
            itemStyle: { color: 'rgba(24, 144, 255, 0.08)' },
          },
        },
        {
          name: humidityName,
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          sampling: 'lttb',
          data: data.points
            .filter((p) => p.humidity !== null)
            .map((p) => [new Date(p.t).getTime(), Number(p.humidity)]),
          markArea: band(limits?.minHumidity, limits?.maxHumidity, 'rgba(82, 196, 26, 0.08)'),
        },
        {
          // The alarms, red, on a series of their own so their colour differs from the bands.
          name: t('devices.alarmMark'),
          type: 'line',
          data: [],
          markArea: { itemStyle: { color: 'rgba(245, 34, 45, 0.15)' }, data: alarmSpans },
        },
      ],
    };
  }, [history.data, t, window]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="device-history">
      <Space wrap>
        <Segmented<RangeKey>
          value={range}
          onChange={setRange}
          options={(Object.keys(ranges) as RangeKey[]).map((key) => ({
            value: key,
            label: t(`devices.${key}`),
          }))}
        />
        {history.data ? <Tag>{t(`devices.resolution.${history.data.resolution}`)}</Tag> : null}
        <Button
          icon={<DownloadOutlined />}
          disabled={!history.data?.points.length}
          onClick={() => history.data && downloadCsv(deviceCode, history.data)}
        >
          {t('devices.exportCsv')}
        </Button>
        <Button
          icon={<FileExcelOutlined />}
          disabled={!history.data?.points.length || exporting !== null}
          onClick={exportRaw}
          data-testid="device-export-raw"
        >
          {t('devices.exportRaw')}
        </Button>
        <span className="bl-device-note">
          {formatDate(window.from, 'yyyy-MM-dd HH:mm')} ~ {formatDate(window.to, 'yyyy-MM-dd HH:mm')}
        </span>
      </Space>
      {history.isError ? (
        <Alert type="warning" showIcon message={(history.error as Error).message} />
      ) : !history.data ? (
        <Skeleton active />
      ) : history.data.points.length === 0 ? (
        <Empty description={t('devices.noData')} />
      ) : (
        <ReactEChartsCore echarts={echarts} option={option ?? {}} notMerge style={{ height: 420 }} />
      )}
      <ExportProgress progress={exporting} />
    </Space>
  );
}
