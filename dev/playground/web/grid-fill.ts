/**
 * The grid's fill handle (the small square at the selection's bottom-right corner: drag it to copy
 * the selection over the cells dragged across) and its copy/paste (Ctrl/⌘+C, Ctrl/⌘+V), writing
 * formulas moved as Sheets moves them (fill.ts). A table pasted from another program lands as typed
 * values.
 */
import type { GridRect } from '../protocol';
import { asTsv, fillFrom, fillTarget, fromTsv, type CellEdit, type CopiedBlock } from './fill';

interface Cell {
  row: number;
  column: number;
}

/** What the fill handle needs of the grid. */
export interface FillHost {
  /** The selection's last range (the one the handle sits on). */
  selection(): GridRect | undefined;
  /** What a cell holds as the user typed it: its formula, else its value. */
  contentAt(cell: Cell): string;
  cellOf(target: EventTarget | null): Cell | null;
  cellElement(cell: Cell): HTMLTableCellElement | undefined;
  /** Shows `rect` as the selection (while dragging the handle). */
  show(rect: GridRect): void;
  /** Writes the cells, then selects `select` (sent to the server as the user's selection). */
  write(edits: CellEdit[], select: GridRect): void;
}

export class FillHandle {
  private readonly handle = Object.assign(document.createElement('span'), {
    className: 'fill-handle',
    title: 'Drag to fill',
  });
  private dragging: { source: GridRect; target: GridRect | null } | null = null;
  private copied: (CopiedBlock & { text: string }) | null = null;

  constructor(
    private readonly host: FillHost,
    scroller: HTMLElement,
  ) {
    this.handle.setAttribute('aria-hidden', 'true');
    // Text from another program (no copy of ours under it): its cells as typed values.
    scroller.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const rect = this.host.selection();
      if (!text || !rect) return;
      event.preventDefault();
      const cells = fromTsv(text);
      const size = { numRows: cells.length, numColumns: Math.max(...cells.map((row) => row.length)) };
      const at = { row: rect.row, column: rect.column, ...size };
      this.host.write(fillFrom({ rect: at, cells }, at), at);
    });
  }

  /** While the handle is dragged, the server's copy must not redraw the grid. */
  get busy(): boolean {
    return this.dragging !== null;
  }

  /** Puts the handle on the selection's bottom-right cell (after every redraw). */
  place(): void {
    const rect = this.host.selection();
    const corner = rect && {
      row: rect.row + rect.numRows - 1,
      column: rect.column + rect.numColumns - 1,
    };
    const td = corner && this.host.cellElement(corner);
    if (td && this.handle.parentElement !== td) td.appendChild(this.handle);
  }

  /** A mousedown on the handle starts a fill: true when it was one (the grid then does nothing). */
  startDrag(event: MouseEvent): boolean {
    const source = this.host.selection();
    if (event.target !== this.handle || !source) return false;
    event.preventDefault();
    this.dragging = { source, target: null };
    return true;
  }

  dragOver(event: MouseEvent): boolean {
    if (!this.dragging) return false;
    const cell = this.host.cellOf(event.target);
    if (!cell) return true;
    this.dragging.target = fillTarget(this.dragging.source, cell);
    this.host.show(this.dragging.target ?? this.dragging.source);
    return true;
  }

  endDrag(): boolean {
    const drag = this.dragging;
    if (!drag) return false;
    this.dragging = null;
    if (!drag.target) {
      this.host.show(drag.source);
      return true;
    }
    const block = this.blockOf(drag.source);
    const inSource = (edit: CellEdit) =>
      edit.row >= drag.source.row &&
      edit.row < drag.source.row + drag.source.numRows &&
      edit.column >= drag.source.column &&
      edit.column < drag.source.column + drag.source.numColumns;
    this.host.write(
      fillFrom(block, drag.target).filter((edit) => !inSource(edit)),
      drag.target,
    );
    return true;
  }

  /** Ctrl/⌘+C and Ctrl/⌘+V: true when handled. */
  onKey(event: KeyboardEvent): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    const key = event.key.toLowerCase();
    const rect = this.host.selection();
    if (!rect) return false;
    if (key === 'c') {
      const block = this.blockOf(rect);
      this.copied = { ...block, text: asTsv(block.cells) };
      // Other programs get the table too, where the page may write to the clipboard.
      void navigator.clipboard?.writeText(this.copied.text).catch(() => undefined);
      event.preventDefault();
      return true;
    }
    if (key === 'v' && this.copied) {
      // Our own copy: formulas move with the distance from where they were copied.
      event.preventDefault();
      const at = {
        row: rect.row,
        column: rect.column,
        numRows: this.copied.rect.numRows,
        numColumns: this.copied.rect.numColumns,
      };
      this.host.write(fillFrom(this.copied, at), at);
      return true;
    }
    return false;
  }

  private blockOf(rect: GridRect): CopiedBlock {
    const cells: string[][] = [];
    for (let r = 0; r < rect.numRows; r++) {
      const line: string[] = [];
      for (let c = 0; c < rect.numColumns; c++)
        line.push(this.host.contentAt({ row: rect.row + r, column: rect.column + c }));
      cells.push(line);
    }
    return { rect: { ...rect }, cells };
  }
}
