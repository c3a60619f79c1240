/**
 * The spreadsheet grid: column letters, row numbers, cells showing display values, a selection
 * made with the mouse (click, drag, shift-click to extend, Ctrl/⌘-click to add a range, row and
 * column headers) or the keyboard (arrows, shift+arrows, Tab and Shift+Tab), and in-cell editing
 * (double-click, Enter, F2, or just type), Delete on the selection, deleting the selected rows
 * (Ctrl+Alt+-, or Edit › Delete selected rows), a fill handle and copy/paste (grid-fill.ts).
 */
import { columnLetters } from '../../gas/spreadsheet/a1';
import type { GridRect } from '../protocol';
import type { CellEdit } from './fill';
import { FillHandle } from './grid-fill';

export interface GridEvents {
  /** The user finished selecting. */
  select(rects: GridRect[]): void;
  /** The user typed a value into a cell. */
  edit(row: number, column: number, value: string): void;
  /** The selection moved (also while dragging): for the name box and formula bar. */
  cursor(rects: GridRect[], value: string): void;
  /** The fill handle, a paste or Delete wrote these cells (as typed). */
  write(edits: CellEdit[]): void;
  /** The user deleted these rows (each span: its first row and how many). */
  deleteRows(spans: { row: number; numRows: number }[]): void;
}

interface Cell {
  row: number;
  column: number;
}

type DragMode = 'cells' | 'rows' | 'columns';

const SPARE_ROWS = 20;
const SPARE_COLUMNS = 3;

const rectBetween = (a: Cell, b: Cell): GridRect => ({
  row: Math.min(a.row, b.row),
  column: Math.min(a.column, b.column),
  numRows: Math.abs(a.row - b.row) + 1,
  numColumns: Math.abs(a.column - b.column) + 1,
});

const contains = (rect: GridRect, row: number, column: number): boolean =>
  row >= rect.row &&
  row < rect.row + rect.numRows &&
  column >= rect.column &&
  column < rect.column + rect.numColumns;

export class Grid {
  private values: string[][] = [];
  private formulas: string[][] = [];
  private cells: HTMLTableCellElement[][] = [];
  private rects: GridRect[] = [rectBetween({ row: 1, column: 1 }, { row: 1, column: 1 })];
  private anchor: Cell = { row: 1, column: 1 };
  private focus: Cell = { row: 1, column: 1 };
  private drag: DragMode | null = null;
  private editor: { cell: Cell; input: HTMLInputElement } | null = null;
  private size = { rows: 0, columns: 0 };
  private readonly fill: FillHandle;

  constructor(
    private readonly table: HTMLTableElement,
    private readonly scroller: HTMLElement,
    private readonly events: GridEvents,
  ) {
    table.addEventListener('mousedown', (event) => this.onMouseDown(event));
    table.addEventListener('mouseover', (event) => this.onMouseOver(event));
    table.addEventListener('dblclick', (event) => {
      const cell = this.cellOf(event.target);
      if (cell) this.startEditing(cell, this.valueAt(cell));
    });
    document.addEventListener('mouseup', () => this.endDrag());
    scroller.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.fill = new FillHandle(
      {
        selection: () => this.rects[this.rects.length - 1],
        contentAt: (cell) => this.valueAt(cell),
        cellOf: (target) => this.cellOf(target),
        cellElement: (cell) => this.cells[cell.row - 1]?.[cell.column - 1],
        show: (rect) => this.selectRect(rect),
        write: (edits, rect) => {
          this.selectRect(rect);
          this.events.write(edits);
          this.events.select(this.rects);
        },
      },
      scroller,
    );
  }

  private selectRect(rect: GridRect): void {
    this.rects = [{ ...rect }];
    this.anchor = { row: rect.row, column: rect.column };
    this.focus = { row: rect.row + rect.numRows - 1, column: rect.column + rect.numColumns - 1 };
    this.paint();
  }

  /** While the user drags or types, the server's copy must not overwrite what they see. */
  get busy(): boolean {
    return this.drag !== null || this.editor !== null || this.fill.busy;
  }

  /**
   * Draws the sheet's values; adopts the server's selection unless the user is busy. A formula cell
   * is edited as its formula; an #ERROR! cell says why on hover, as Sheets does.
   */
  show(
    values: string[][],
    selection: GridRect[],
    formulas: string[][] = [],
    errors: readonly { row: number; column: number; message: string }[] = [],
  ): void {
    if (this.busy) return;
    const dataColumns = Math.max(0, ...values.map((row) => row.length));
    const rows = Math.max(values.length + SPARE_ROWS, 40);
    const columns = Math.max(dataColumns + SPARE_COLUMNS, 10);
    if (rows !== this.size.rows || columns !== this.size.columns) this.build(rows, columns);
    const why = new Map(errors.map((error) => [`${error.row}:${error.column}`, error.message]));
    this.cells.forEach((line, r) =>
      line.forEach((td, c) => {
        const text = values[r]?.[c] ?? '';
        if (td.textContent !== text) td.textContent = text;
        const message = why.get(`${r + 1}:${c + 1}`) ?? '';
        if (td.title !== message) td.title = message;
        td.classList.toggle('error', message !== '');
      }),
    );
    this.values = values;
    this.formulas = formulas;
    if (JSON.stringify(selection) !== JSON.stringify(this.rects) && selection.length > 0) {
      this.rects = selection.map((rect) => ({ ...rect }));
      const last = this.rects[this.rects.length - 1]!;
      this.anchor = { row: last.row, column: last.column };
      this.focus = { row: last.row + last.numRows - 1, column: last.column + last.numColumns - 1 };
    }
    this.paint();
  }

  /** Deletes the rows the selection covers (Edit › Delete selected rows, Ctrl+Alt+-). */
  deleteSelectedRows(): void {
    this.events.deleteRows(this.rects.map(({ row, numRows }) => ({ row, numRows })));
  }

  /** Replaces the value under the cursor (from the formula bar). */
  editActive(value: string): void {
    this.events.edit(this.anchor.row, this.anchor.column, value);
  }

  private build(rows: number, columns: number): void {
    this.size = { rows, columns };
    const head = document.createElement('thead');
    const headRow = head.insertRow();
    headRow.appendChild(Object.assign(document.createElement('th'), { className: 'corner' }));
    for (let c = 1; c <= columns; c++) {
      const th = document.createElement('th');
      th.className = 'col-header';
      th.dataset.column = String(c);
      th.textContent = columnLetters(c);
      headRow.appendChild(th);
    }
    const body = document.createElement('tbody');
    this.cells = [];
    for (let r = 1; r <= rows; r++) {
      const tr = body.insertRow();
      const th = document.createElement('th');
      th.className = 'row-header';
      th.dataset.row = String(r);
      th.textContent = String(r);
      tr.appendChild(th);
      const line: HTMLTableCellElement[] = [];
      for (let c = 1; c <= columns; c++) {
        const td = tr.insertCell();
        td.dataset.row = String(r);
        td.dataset.column = String(c);
        line.push(td);
      }
      this.cells.push(line);
    }
    this.table.replaceChildren(head, body);
  }

  private paint(): void {
    this.cells.forEach((line, r) =>
      line.forEach((td, c) => {
        td.classList.toggle(
          'selected',
          this.rects.some((rect) => contains(rect, r + 1, c + 1)),
        );
        td.classList.toggle('active', r + 1 === this.anchor.row && c + 1 === this.anchor.column);
      }),
    );
    for (const th of this.table.querySelectorAll<HTMLElement>('th[data-row]')) {
      const row = Number(th.dataset.row);
      th.classList.toggle(
        'highlight',
        this.rects.some((rect) => row >= rect.row && row < rect.row + rect.numRows),
      );
    }
    for (const th of this.table.querySelectorAll<HTMLElement>('th[data-column]')) {
      const column = Number(th.dataset.column);
      th.classList.toggle(
        'highlight',
        this.rects.some((rect) => column >= rect.column && column < rect.column + rect.numColumns),
      );
    }
    this.events.cursor(this.rects, this.valueAt(this.anchor));
    this.fill.place();
  }

  private cellOf(target: EventTarget | null): Cell | null {
    const element = target instanceof Element ? target.closest('td') : null;
    if (!element) return null;
    return { row: Number(element.dataset.row), column: Number(element.dataset.column) };
  }

  /** What the formula bar shows and an edit starts from: the formula, else the value. */
  private valueAt(cell: Cell): string {
    return (
      this.formulas[cell.row - 1]?.[cell.column - 1] || (this.values[cell.row - 1]?.[cell.column - 1] ?? '')
    );
  }

  /** How far whole-row / whole-column selections reach: the data, at least one cell. */
  private get dataSize(): { rows: number; columns: number } {
    return {
      rows: Math.max(1, this.values.length),
      columns: Math.max(1, ...this.values.map((row) => row.length)),
    };
  }

  private setSelection(anchor: Cell, focus: Cell, mode: 'replace' | 'extend' | 'add'): void {
    if (mode !== 'extend') this.anchor = anchor;
    this.focus = focus;
    const rect = rectBetween(this.anchor, this.focus);
    if (mode === 'add') this.rects = [...this.rects, rect];
    else if (mode === 'extend') this.rects = [...this.rects.slice(0, -1), rect];
    else this.rects = [rect];
    this.paint();
  }

  private onMouseDown(event: MouseEvent): void {
    if (event.button !== 0 || this.fill.startDrag(event)) return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('td, th') : null;
    if (!target || target.classList.contains('corner')) return;
    if (this.editor && target.contains(this.editor.input)) return;
    this.commitEdit();
    event.preventDefault();
    this.scroller.focus({ preventScroll: true });
    const mode = event.shiftKey ? 'extend' : event.ctrlKey || event.metaKey ? 'add' : 'replace';
    const { rows, columns } = this.dataSize;
    if (target.dataset.row && target.tagName === 'TH') {
      const row = Number(target.dataset.row);
      this.drag = 'rows';
      this.setSelection({ row, column: 1 }, { row, column: columns }, mode);
    } else if (target.dataset.column && target.tagName === 'TH') {
      const column = Number(target.dataset.column);
      this.drag = 'columns';
      this.setSelection({ row: 1, column }, { row: rows, column }, mode);
    } else {
      const cell = this.cellOf(target)!;
      this.drag = 'cells';
      this.setSelection(cell, cell, mode);
    }
  }

  private onMouseOver(event: MouseEvent): void {
    if (this.fill.dragOver(event) || !this.drag) return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('td, th') : null;
    const row = Number(target?.dataset.row ?? 0);
    const column = Number(target?.dataset.column ?? 0);
    if (this.drag === 'rows' && row)
      this.setSelection(this.anchor, { row, column: this.focus.column }, 'extend');
    if (this.drag === 'columns' && column)
      this.setSelection(this.anchor, { row: this.focus.row, column }, 'extend');
    if (this.drag === 'cells' && row && column) this.setSelection(this.anchor, { row, column }, 'extend');
  }

  private endDrag(): void {
    if (this.fill.endDrag() || !this.drag) return;
    this.drag = null;
    this.events.select(this.rects);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (this.editor || this.fill.onKey(event)) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    // Tab moves right within the grid (Shift+Tab left), as in Sheets, instead of leaving it.
    const move = event.key === 'Tab' ? [0, event.shiftKey ? -1 : 1] : moves[event.key];
    const extend = event.shiftKey && event.key !== 'Tab';
    if (move) {
      event.preventDefault();
      const from = extend ? this.focus : this.anchor;
      const to = {
        row: Math.min(this.size.rows, Math.max(1, from.row + move[0]!)),
        column: Math.min(this.size.columns, Math.max(1, from.column + move[1]!)),
      };
      this.setSelection(to, to, extend ? 'extend' : 'replace');
      this.cells[to.row - 1]?.[to.column - 1]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      this.events.select(this.rects);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      this.startEditing(this.anchor, this.valueAt(this.anchor));
    } else if (event.key === '-' && event.ctrlKey && event.altKey) {
      event.preventDefault();
      this.deleteSelectedRows();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      // Every selected cell with something in it, as Sheets clears the whole selection.
      event.preventDefault();
      const { rows, columns } = this.dataSize;
      const edits = this.rects.flatMap((rect) =>
        Array.from({ length: Math.min(rect.numRows, rows - rect.row + 1) }, (_, r) =>
          Array.from({ length: Math.min(rect.numColumns, columns - rect.column + 1) }, (_, c) => ({
            row: rect.row + r,
            column: rect.column + c,
            value: '',
          })),
        ).flat(),
      );
      const filled = edits.filter((edit) => this.valueAt(edit) !== '');
      if (filled.length) this.events.write(filled);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.startEditing(this.anchor, event.key);
    }
  }

  private startEditing(cell: Cell, initial: string): void {
    this.commitEdit();
    const td = this.cells[cell.row - 1]?.[cell.column - 1];
    if (!td) return;
    const input = document.createElement('input');
    input.className = 'cell-editor';
    input.value = initial;
    input.setAttribute('aria-label', `Edit ${columnLetters(cell.column)}${cell.row}`);
    input.addEventListener('keydown', (event) => {
      // Handled here only: bubbling to the grid's own keydown would open an editor on the next cell
      // at once (Enter), leaving the grid "busy" and no longer redrawn from the server.
      if (['Enter', 'Tab', 'Escape'].includes(event.key)) event.stopPropagation();
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        this.commitEdit();
        const next =
          event.key === 'Enter'
            ? { row: cell.row + 1, column: cell.column }
            : { ...cell, column: cell.column + 1 };
        this.setSelection(next, next, 'replace');
        this.events.select(this.rects);
        this.scroller.focus({ preventScroll: true });
      } else if (event.key === 'Escape') {
        this.cancelEdit();
        this.scroller.focus({ preventScroll: true });
      }
    });
    input.addEventListener('blur', () => this.commitEdit());
    td.replaceChildren(input);
    this.editor = { cell, input };
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  private commitEdit(): void {
    const editor = this.editor;
    if (!editor) return;
    this.editor = null;
    const { cell, input } = editor;
    const changed = input.value !== this.valueAt(cell);
    input.closest('td')!.textContent = input.value;
    if (changed) this.events.edit(cell.row, cell.column, input.value);
  }

  private cancelEdit(): void {
    const editor = this.editor;
    if (!editor) return;
    this.editor = null;
    editor.input.closest('td')!.textContent =
      this.values[editor.cell.row - 1]?.[editor.cell.column - 1] ?? '';
  }
}
