/**
 * Embedded charts (dev/gas/spreadsheet/chart.ts) as Apps Script documents them: a built chart has no
 * id until insertChart adds it; modify() changes nothing until updateChart gets the rebuilt chart;
 * getCharts lists a sheet's own; custom functions may not add one; charts survive exportState.
 */
import { loadScript } from './support/script';

const CODE = `
function sheet() { return SpreadsheetApp.getActiveSheet(); }
function add(a1) {
  var chart = sheet().newChart().asColumnChart().addRange(sheet().getRange(a1)).setStacked()
    .setTitle('Credits').setPosition(2, 6, 0, 0).build();
  var before = chart.getChartId();
  sheet().insertChart(chart);
  return { before: before, after: sheet().getCharts()[0].getChartId() };
}
function describe() {
  return sheet().getCharts().map(function (chart) {
    return { id: chart.getChartId(), ranges: chart.getRanges().map(function (r) { return r.getA1Notation(); }),
             title: chart.getOptions().get('title'), stacked: chart.getOptions().get('isStacked'),
             row: chart.getContainerInfo().getAnchorRow(), column: chart.getContainerInfo().getAnchorColumn() };
  });
}
function modify(a1, save) {
  var chart = sheet().getCharts()[0].modify().clearRanges().addRange(sheet().getRange(a1)).build();
  if (save) sheet().updateChart(chart);
  return describe();
}
function insertTwice() { var chart = sheet().getCharts()[0]; sheet().insertChart(chart); }
function updateUnsaved() {
  sheet().updateChart(sheet().newChart().asColumnChart().addRange(sheet().getRange('A1:B2')).build());
}
function typeOfChart() { return sheet().getCharts()[0].getChartType(); }
function remove() { sheet().removeChart(sheet().getCharts()[0]); return sheet().getCharts().length; }
`;

describe('embedded charts', () => {
  const addon = loadScript(CODE);
  afterAll(() => addon.close());

  it('gives a built chart an id only once insertChart adds it to the sheet', () => {
    expect(addon.call('add', 'A1:C5')).toEqual({ before: null, after: 1 });
    expect(addon.call('describe')).toEqual([
      { id: 1, ranges: ['A1:C5'], title: 'Credits', stacked: true, row: 2, column: 6 },
    ]);
  });

  it('changes a chart only when updateChart gets the rebuilt one', () => {
    expect(addon.call<{ ranges: string[] }[]>('modify', 'A1:D9', false)[0]!.ranges).toEqual(['A1:C5']);
    expect(addon.call<{ ranges: string[] }[]>('modify', 'A1:D9', true)[0]!.ranges).toEqual(['A1:D9']);
  });

  it('refuses a chart inserted twice, or updated while it is on no sheet', () => {
    expect(() => addon.call('insertTwice')).toThrow('already in the spreadsheet');
    expect(() => addon.call('updateUnsaved')).toThrow('not on this sheet');
  });

  it('has no method EmbeddedChart does not document (getChartType is the builder’s)', () => {
    expect(() => addon.call('typeOfChart')).toThrow(/getChartType/);
  });

  it('is refused to a custom function, whose Spreadsheet service is read-only', () => {
    expect(() => addon.callWith({ customFunction: true }, 'add', 'A1:B2')).toThrow(
      /You do not have permission to call/,
    );
  });

  it('keeps charts through exportState, and removes one with removeChart', () => {
    const state = JSON.parse(JSON.stringify(addon.exportState()));
    const second = loadScript(CODE, { state });
    expect(second.call<{ id: number }[]>('describe').map((chart) => chart.id)).toEqual([1]);
    expect(second.call('remove')).toBe(0);
    second.close();
  });
});
