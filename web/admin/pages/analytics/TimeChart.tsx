/**
 * A time-series chart of the analytics screens (uPlot: about 50 KB minified, canvas, fast with thousands of
 * points). This module is imported only by the analytics screens, which are lazy chunks, so uPlot never loads
 * elsewhere. The chart follows its box's width (phones included); the legend is ours, in the page's language.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export interface Series {
  label: string;
  values: number[];
  color: string;
  /** Drawn dashed (the previous period). */
  dashed?: boolean;
}

const HEIGHT = 220;

/** A line chart of one or more series over the given days (yyyy-MM-dd). */
export function TimeChart({ days, series, testId }: { days: string[]; series: Series[]; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((_, i) => i);
    const label = (i: number) => days[Math.round(i)]?.slice(5) ?? '';
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map(label), stroke: '#666', grid: { stroke: '#eee' } },
          { stroke: '#666', grid: { stroke: '#eee' }, size: 48 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            dash: s.dashed ? [6, 4] : undefined,
            points: { show: days.length <= 31 },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return (
    <figure className="an-chart" data-testid={testId}>
      <div ref={box} className="an-chart-box" />
      <figcaption className="an-legend">
        {series.map((s) => (
          <span key={s.label} className="an-legend-item">
            <i className={s.dashed ? 'an-swatch an-dashed' : 'an-swatch'} style={{ borderColor: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
