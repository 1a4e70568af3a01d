// The four charts of /admin/stats (SPEC 2, 9), loaded lazily by that page only: echarts core with
// just the pie, bar and line charts (the full bundle is twice the size). Each chart is 300 px high
// and the seven colours cycle; each has an aria description made by echarts.
import { useEffect, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import dayjs from '../../../lib/dayjs.js';
import { formatKr } from '../../../lib/format.js';
import type { PeriodStats } from '../api/stats.js';
import { statsTexts } from '../texts.js';

echarts.use([PieChart, BarChart, LineChart, AriaComponent, GridComponent, TooltipComponent, SVGRenderer]);

/** Seven colours with at least 3:1 contrast on both themes' surfaces (WCAG 1.4.11). */
export const PALETTE = ['#d64532', '#2f8f4e', '#b7791f', '#3b6fd8', '#9b59b6', '#0f8a7e', '#d6336c'];
const HEIGHT = 300;

export type ChartData = Pick<PeriodStats, 'pizzas' | 'peakHours' | 'sales'>;

/** The current theme's text and line colours, read again when the theme changes. */
function useThemeColours() {
  const read = () => {
    const style = getComputedStyle(document.documentElement);
    return {
      text: style.getPropertyValue('--text').trim() || '#2b2522',
      muted: style.getPropertyValue('--muted').trim() || '#5c524a',
      border: style.getPropertyValue('--border').trim() || '#e2d4bf',
      surface: style.getPropertyValue('--surface').trim() || '#fff',
    };
  };
  const [colours, setColours] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColours(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    return () => observer.disconnect();
  }, []);
  return colours;
}

/** Narrow chart cards (a phone) leave less room for the pie's labels. */
function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia('(max-width: 600px)').matches);
  useEffect(() => {
    const query = window.matchMedia('(max-width: 600px)');
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

const dayLabel = (period: string) => (/^\d{4}-\d{2}-\d{2}$/.test(period) ? dayjs(period).format('D MMM') : period);

export default function StatsCharts({ data }: { data: ChartData }) {
  const colours = useThemeColours();
  const base = {
    color: PALETTE,
    backgroundColor: 'transparent',
    textStyle: { color: colours.text, fontFamily: 'system-ui, sans-serif' },
    aria: { enabled: true, decal: { show: false } },
    tooltip: { backgroundColor: colours.surface, borderColor: colours.border, textStyle: { color: colours.text } },
  };
  const axis = {
    axisLine: { lineStyle: { color: colours.muted } },
    axisLabel: { color: colours.text },
    splitLine: { lineStyle: { color: colours.border } },
  };
  const grid = { left: 8, right: 28, top: 24, bottom: 8, containLabel: true };
  const narrow = useNarrow();

  const pie = {
    ...base,
    tooltip: { ...base.tooltip, trigger: 'item', valueFormatter: (v: number) => statsTexts.pieces(v) },
    series: [
      {
        type: 'pie',
        name: statsTexts.quantity,
        radius: 80,
        percentPrecision: 0,
        colorBy: 'data',
        label: {
          color: colours.text,
          formatter: '{b}: {d}%',
          overflow: 'break',
          width: narrow ? 64 : 120,
          lineHeight: 14,
          alignTo: 'edge',
          edgeDistance: 4,
        },
        labelLine: { lineStyle: { color: colours.muted } },
        data: data.pizzas.map((p) => ({ name: p.name, value: p.total_ordered })),
      },
    ],
  };
  const bookings = {
    ...base,
    grid,
    tooltip: { ...base.tooltip, trigger: 'axis' },
    xAxis: { ...axis, type: 'category', data: data.sales.map((s) => dayLabel(s.period)) },
    yAxis: { ...axis, type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: statsTexts.bookings, colorBy: 'data', data: data.sales.map((s) => s.bookings_count) },
    ],
  };
  const times = {
    ...base,
    grid,
    tooltip: { ...base.tooltip, trigger: 'axis' },
    xAxis: { ...axis, type: 'category', data: data.peakHours.map((h) => `${h.hour}:00`) },
    yAxis: { ...axis, type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: statsTexts.bookings, colorBy: 'data', data: data.peakHours.map((h) => h.bookings_count) },
    ],
  };
  const revenue = {
    ...base,
    grid,
    tooltip: { ...base.tooltip, trigger: 'axis', valueFormatter: (v: number) => formatKr(Math.round(v * 100)) },
    xAxis: { ...axis, type: 'category', boundaryGap: false, data: data.sales.map((s) => dayLabel(s.period)) },
    yAxis: { ...axis, type: 'value', axisLabel: { color: colours.text, formatter: '{value} kr' } },
    series: [
      {
        type: 'line',
        name: statsTexts.revenue,
        smooth: true,
        symbolSize: 8,
        lineStyle: { width: 3 },
        areaStyle: { opacity: 0.12 },
        data: data.sales.map((s) => s.revenue),
      },
    ],
  };

  const charts = [
    { id: 'pizzas', title: statsTexts.popularPizzas, option: pie, empty: data.pizzas.length === 0 },
    { id: 'bookings', title: statsTexts.bookingsPerDay, option: bookings, empty: data.sales.length === 0 },
    { id: 'times', title: statsTexts.popularTimes, option: times, empty: data.peakHours.length === 0 },
    { id: 'revenue', title: statsTexts.revenueTrend, option: revenue, empty: data.sales.length === 0 },
  ];
  return (
    <div className="charts">
      {charts.map((chart) => (
        <section key={chart.id} className="card chart-card" aria-labelledby={`chart-${chart.id}`}>
          <h2 id={`chart-${chart.id}`} className="chart-card__title">
            {chart.title}
          </h2>
          <div className="chart" data-chart={chart.id}>
            <ReactEChartsCore
              echarts={echarts}
              option={chart.option}
              notMerge
              style={{ height: HEIGHT, width: '100%' }}
              opts={{ renderer: 'svg' }}
            />
          </div>
          {chart.empty && <p className="hint chart-card__empty">{statsTexts.noData}</p>}
        </section>
      ))}
    </div>
  );
}
