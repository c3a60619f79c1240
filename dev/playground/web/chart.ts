/**
 * The page's drawing of a sheet's embedded charts (Sheets draws them over the grid): stacked columns,
 * one per row of the chart's table, a colour per column of it, with a legend. SVG, no library.
 */
import type { ChartView } from '../protocol';

const SVG = 'http://www.w3.org/2000/svg';
const COLORS = ['#4285f4', '#ea4335', '#fbbc04', '#34a853', '#ff6d01', '#46bdc6', '#7baaf7'];
const WIDTH = 420;
const HEIGHT = 240;
const PLOT = { left: 40, top: 30, bottom: 40 };

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

function chartOf({ title, table }: ChartView): SVGSVGElement {
  const [header = [], ...rows] = table;
  const series = header.slice(1);
  const values = rows.map((row) => series.map((_, i) => Number(row[i + 1]) || 0));
  const max = Math.max(1, ...values.map((row) => row.reduce((sum, value) => sum + value, 0)));
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const step = (WIDTH - PLOT.left - 10) / Math.max(1, rows.length);
  const root = svg('svg', {
    width: WIDTH,
    height: HEIGHT + 18 * series.length,
    role: 'img',
    'aria-label': title,
  });
  root.append(svg('text', { x: WIDTH / 2, y: 18, 'text-anchor': 'middle', class: 'chart-title' }, title));
  root.append(svg('text', { x: 4, y: PLOT.top + 10, class: 'chart-axis' }, String(max)));
  rows.forEach((row, r) => {
    let y = HEIGHT - PLOT.bottom;
    values[r]!.forEach((value, s) => {
      const height = (value / max) * plotHeight;
      y -= height;
      const bar = svg('rect', {
        x: PLOT.left + r * step + 2,
        y,
        width: Math.max(2, step - 4),
        height,
        fill: COLORS[s % COLORS.length]!,
      });
      bar.append(svg('title', {}, `${row[0]} · ${series[s]}: ${value}`));
      root.append(bar);
    });
    if (rows.length <= 8)
      root.append(
        svg(
          'text',
          {
            x: PLOT.left + r * step + step / 2,
            y: HEIGHT - PLOT.bottom + 14,
            'text-anchor': 'middle',
            class: 'chart-axis',
          },
          row[0]!.slice(5),
        ),
      );
  });
  series.forEach((name, s) => {
    const y = HEIGHT + 18 * s;
    root.append(
      svg('rect', { x: PLOT.left, y: y - 10, width: 10, height: 10, fill: COLORS[s % COLORS.length]! }),
    );
    root.append(svg('text', { x: PLOT.left + 16, y, class: 'chart-legend' }, name));
  });
  return root;
}

let shown = '';

/** Draws the charts into `box` (hidden when the sheet has none); redraws only when they changed. */
export function drawCharts(box: HTMLElement, charts: readonly ChartView[]): void {
  const next = JSON.stringify(charts);
  if (next === shown) return;
  shown = next;
  box.replaceChildren(...charts.map(chartOf));
  box.hidden = charts.length === 0;
}
