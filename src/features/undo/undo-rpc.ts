/** What the Jobs panel's "Undo…" calls: how many cells the run wrote, then the undo itself. */
import * as z from 'zod/mini';
import { call } from '../../rpc/table';
import { undoRun } from './undo-run';

const runId = () => z.string().check(z.minLength(1), z.maxLength(64));

export const UNDO_RPC = {
  /** The confirmation's count: the cells the run wrote (one read of the record). */
  previewUndo: call('run id', runId, (ctx, id: string) => undoRun(ctx, id, false)),
  /** Puts cells back for up to 20 s; the page calls again until the answer says done. */
  undoRun: call('run id', runId, (ctx, id: string) => undoRun(ctx, id, true)),
};
