import { projectColumns } from '../../../scripts/lib/column-projection';
import { rowsPerSlice } from '../../../scripts/lib/csv-stream';

describe('a wide slice through the runtime (issue 39)', () => {
  const wide = (rows: number, extra: number): string[][] => [
    [
      'Notes',
      'First name',
      ...Array.from({ length: extra }, (_, i) => `x${i}`),
      'Last name',
      'Company',
      // An output block of an earlier run: the add-on writes into it.
      'Status',
      'Work email',
      'Enriched at',
    ],
    ...Array.from({ length: rows }, (_, r) => [
      `note ${r}`,
      `Ann${r}`,
      ...Array.from({ length: extra }, (_, i) => `${r}.${i}`),
      `Lee${r}`,
      `Acme${r}`,
      '',
      '',
      '',
    ]),
  ];

  it('leaves a narrow slice whole', () => {
    expect(projectColumns(wide(10, 20))).toBeUndefined();
  });

  it('keeps the columns the add-on reads or writes, and puts the others back in place', () => {
    const rows = wide(3, 2_000);
    // A ragged row: a cell beyond the header.
    rows[2] = [...rows[2]!, 'beyond'];
    const projection = projectColumns(rows)!;
    const outputs = ['Status', 'Work email', 'Enriched at'];
    expect(projection.rows[0]).toEqual(['First name', 'Last name', 'Company', ...outputs]);
    // What the add-on wrote: its block in place, and a new Phone column after the input's.
    const written = projection.rows.map((row, r) =>
      r === 0 ? [...row, 'Phone'] : [...row.slice(0, 3), 'found', `ann${r}@acme.test`, 'today', `+33 ${r}`],
    );
    const answer = (r: number) => ['found', `ann${r}@acme.test`, 'today'];
    // The last data row is left out, as a sheet's data range ends before an empty row.
    const expanded = projection.expand(written.slice(0, 3));
    expect(expanded[0]).toEqual([...rows[0]!, 'Phone']);
    expect(expanded[1]).toEqual([...rows[1]!.slice(0, -3), ...answer(1), '+33 1']);
    expect(expanded[2]).toEqual([...rows[2]!.slice(0, -4), ...answer(2), '+33 2', 'beyond']);
    expect(expanded[3]).toEqual([...rows[3]!, '']);
  });

  it('reads fewer rows at a time from a file so wide that a slice would pass 2,000,000 cells', () => {
    expect(rowsPerSlice(10_000, 20)).toBe(10_000);
    expect(rowsPerSlice(10_000, 10_000)).toBe(200);
    expect(rowsPerSlice(10_000, 5_000_000)).toBe(1);
  });
});
