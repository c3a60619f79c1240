/**
 * Embedded charts, as Apps Script documents them
 * (https://developers.google.com/apps-script/reference/spreadsheet/embedded-chart,
 * …/embedded-chart-builder, …/sheet#newChart()): `sheet.newChart()` gives a builder; `build()` makes
 * a chart that is in no spreadsheet yet (its `getChartId()` is null) until `sheet.insertChart(chart)`
 * adds it; `chart.modify()` gives a builder whose changes "are not saved until Sheet.updateChart(chart)
 * is called on the rebuilt chart". Only the builder methods the add-on calls are here; any other is a
 * missing fake, reported loudly by the membrane.
 */
import { gasError } from '../errors';
import { GAS_TYPE, type GasObject } from '../membrane';
import type { GridRect } from './a1';
import type { FakeRange } from './range';
import type { FakeSheet } from './sheet';

/** A chart as a sheet keeps it (plain data: exportState stores it with the sheet's layout). */
export interface ChartSpec {
  /** Null until inserted: "null if the chart is not in a spreadsheet". */
  id: number | null;
  /** Charts.ChartType's names: what asColumnChart() and its siblings set. */
  type: string | null;
  ranges: GridRect[];
  options: Record<string, unknown>;
  /** setPosition(anchorRowPos, anchorColPos, offsetX, offsetY); 1-based anchors. */
  position: { row: number; column: number; offsetX: number; offsetY: number };
}

const copySpec = (spec: ChartSpec): ChartSpec => ({
  ...spec,
  ranges: spec.ranges.map((rect) => ({ ...rect })),
  options: { ...spec.options },
  position: { ...spec.position },
});

export const newChartSpec = (): ChartSpec => ({
  id: null,
  type: null,
  ranges: [],
  options: {},
  position: { row: 1, column: 1, offsetX: 0, offsetY: 0 },
});

const sameRect = (a: GridRect, b: GridRect): boolean =>
  a.row === b.row && a.column === b.column && a.numRows === b.numRows && a.numColumns === b.numColumns;

function wholeNumber(value: unknown, method: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw gasError(
      `The parameters (${typeof value}) don't match the method signature for SpreadsheetApp.EmbeddedChartBuilder.${method}.`,
    );
  return value;
}

export class FakeEmbeddedChartBuilder implements GasObject {
  readonly [GAS_TYPE]: string = 'EmbeddedChartBuilder';
  protected readonly spec: ChartSpec;

  constructor(
    protected readonly sheet: FakeSheet,
    spec: ChartSpec,
  ) {
    this.spec = copySpec(spec);
  }

  addRange(range: FakeRange): this {
    this.spec.ranges.push(this.rectOf(range));
    return this;
  }

  /** The fake keeps a chart's ranges on its own sheet (charts over other sheets are not modelled). */
  private rectOf(range: FakeRange): GridRect {
    if (range.getSheet() !== this.sheet)
      throw new Error("dev/gas: a chart over another sheet's range is not modelled by the fake.");
    return range.getGridRect();
  }

  removeRange(range: FakeRange): this {
    const rect = this.rectOf(range);
    this.spec.ranges = this.spec.ranges.filter((kept) => !sameRect(kept, rect));
    return this;
  }

  clearRanges(): this {
    this.spec.ranges = [];
    return this;
  }

  getRanges(): FakeRange[] {
    return this.spec.ranges.map((rect) => this.sheet.rangeOf(rect));
  }

  setOption(option: string, value: unknown): this {
    this.spec.options[String(option)] = value;
    return this;
  }

  setPosition(anchorRowPos: number, anchorColPos: number, offsetX: number, offsetY: number): this {
    this.spec.position = {
      row: wholeNumber(anchorRowPos, 'setPosition'),
      column: wholeNumber(anchorColPos, 'setPosition'),
      offsetX: wholeNumber(offsetX, 'setPosition'),
      offsetY: wholeNumber(offsetY, 'setPosition'),
    };
    return this;
  }

  /** "Sets the chart type to ColumnChart and returns an EmbeddedColumnChartBuilder." */
  asColumnChart(): FakeEmbeddedColumnChartBuilder {
    return new FakeEmbeddedColumnChartBuilder(this.sheet, { ...this.spec, type: 'COLUMN' });
  }

  getChartType(): string | null {
    return this.spec.type;
  }

  /** "Builds the chart to reflect all changes made to it": not in the spreadsheet until inserted or updated. */
  build(): FakeEmbeddedChart {
    return new FakeEmbeddedChart(this.sheet, this.spec);
  }
}

/** asColumnChart()'s builder: the generic builder's methods and the column chart's own. */
export class FakeEmbeddedColumnChartBuilder extends FakeEmbeddedChartBuilder {
  override readonly [GAS_TYPE] = 'EmbeddedColumnChartBuilder';

  /** "Uses stacked lines, meaning that line and bar values are stacked (accumulated)." */
  setStacked(): this {
    return this.setOption('isStacked', true);
  }

  setTitle(chartTitle: string): this {
    return this.setOption('title', String(chartTitle));
  }
}

/** What getContainerInfo() tells of a chart's place on its sheet. */
export class FakeContainerInfo implements GasObject {
  readonly [GAS_TYPE] = 'ContainerInfo';
  constructor(private readonly position: ChartSpec['position']) {}
  getAnchorRow(): number {
    return this.position.row;
  }
  getAnchorColumn(): number {
    return this.position.column;
  }
  getOffsetX(): number {
    return this.position.offsetX;
  }
  getOffsetY(): number {
    return this.position.offsetY;
  }
}

/** getOptions(): the options set on the chart. */
export class FakeChartOptions implements GasObject {
  readonly [GAS_TYPE] = 'ChartOptions';
  constructor(private readonly options: Record<string, unknown>) {}
  get(option: string): unknown {
    return this.options[option] ?? null;
  }
}

export class FakeEmbeddedChart implements GasObject {
  readonly [GAS_TYPE] = 'EmbeddedChart';
  readonly spec: ChartSpec;

  constructor(
    private readonly sheet: FakeSheet,
    spec: ChartSpec,
  ) {
    this.spec = copySpec(spec);
  }

  /** "A stable identifier for the chart that is unique across the spreadsheet … or null if the chart is not in a spreadsheet." */
  getChartId(): number | null {
    return this.spec.id;
  }

  getRanges(): FakeRange[] {
    return this.spec.ranges.map((rect) => this.sheet.rangeOf(rect));
  }

  getContainerInfo(): FakeContainerInfo {
    return new FakeContainerInfo({ ...this.spec.position });
  }

  getOptions(): FakeChartOptions {
    return new FakeChartOptions({ ...this.spec.options });
  }

  /** A builder over a copy: nothing changes on the sheet until updateChart gets what it builds. */
  modify(): FakeEmbeddedChartBuilder {
    const builder = new FakeEmbeddedChartBuilder(this.sheet, this.spec);
    return this.spec.type === 'COLUMN' ? builder.asColumnChart() : builder;
  }
}

/** A sheet's charts: what Sheet.newChart, insertChart, updateChart, removeChart and getCharts do. */
export class SheetCharts {
  private charts: ChartSpec[] = [];

  constructor(
    private readonly sheet: FakeSheet,
    /** A new id unique across the spreadsheet. */
    private readonly nextId: () => number,
  ) {}

  newChart(): FakeEmbeddedChartBuilder {
    return new FakeEmbeddedChartBuilder(this.sheet, newChartSpec());
  }

  insertChart(chart: FakeEmbeddedChart): void {
    if (!(chart instanceof FakeEmbeddedChart))
      throw gasError(
        "The parameters (String) don't match the method signature for SpreadsheetApp.Sheet.insertChart.",
      );
    // A chart already in the spreadsheet is changed with updateChart, never added twice (ours: a
    // second insertChart of the same chart is not documented; the fake refuses it so none is made).
    if (chart.spec.id !== null) throw gasError('This chart is already in the spreadsheet. (simulated)');
    this.charts.push({ ...copySpec(chart.spec), id: this.nextId() });
  }

  updateChart(chart: FakeEmbeddedChart): void {
    const index = this.charts.findIndex((kept) => kept.id !== null && kept.id === chart.spec.id);
    // Only a chart rebuilt from one of this sheet's (modify() keeps its id) can be updated here.
    if (index < 0) throw gasError('The chart to update is not on this sheet. (simulated)');
    this.charts[index] = copySpec(chart.spec);
  }

  removeChart(chart: FakeEmbeddedChart): void {
    this.charts = this.charts.filter((kept) => kept.id !== chart.spec.id);
  }

  getCharts(): FakeEmbeddedChart[] {
    return this.charts.map((spec) => new FakeEmbeddedChart(this.sheet, spec));
  }

  /** Chart ids in use (the spreadsheet's next id comes after them). */
  ids(): number[] {
    return this.charts.map((spec) => spec.id!);
  }

  exportSpecs(): ChartSpec[] {
    return this.charts.map(copySpec);
  }

  restore(specs: readonly ChartSpec[] | undefined): void {
    this.charts = (specs ?? []).map(copySpec);
  }
}
