/** What the Jobs panel's "Undo…" calls: how many cells the run wrote, then the undo itself. */
import { call, recordId } from '../../rpc/table';
import { undoRun } from './undo-run';

export const UNDO_RPC = {
  /** The confirmation's count: the cells the run wrote (one read of the record). */
  previewUndo: call('run id', recordId, (ctx, id: string) => undoRun(ctx, id, false)),
  /** Puts cells back for up to 20 s; the page calls again until the answer says undone. */
  undoRun: call('run id', recordId, (ctx, id: string) => undoRun(ctx, id, true)),
};
