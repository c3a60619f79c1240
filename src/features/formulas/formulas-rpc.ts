/** What the sidebar's formula requests box may call: the queue, a paid run of it, automatic mode. */
import * as z from 'zod/mini';
import { ENRICH_FIELDS } from '../../domain/fields';
import { JOB_KINDS } from '../../domain/runs';
import { call, query, wholeNumber } from '../../views/rpc-table';
import { changeFormulaAuto, clearFormulaQueue, formulaQueueView, planFormulaRun } from './formula-service';

const formulaPlanRequest = () =>
  z.optional(
    z.object({ kind: z.optional(z.enum(JOB_KINDS)), fields: z.optional(z.array(z.enum(ENRICH_FIELDS))) }),
  );
const formulaAutoRequest = () =>
  z.object({
    enabled: z.boolean(),
    /** Credits a day the automatic runs may cost at most. */
    dailyCap: wholeNumber(0, 1_000_000),
  });

/** planFormulaRun's request: the queue's requests of one kind (enrich by default), of these fields (all when absent). */
export type FormulaPlanRequest = NonNullable<z.output<ReturnType<typeof formulaPlanRequest>>>;
/** "Get formula results automatically" switched, with its daily cap. */
export type FormulaAutoRequest = z.output<ReturnType<typeof formulaAutoRequest>>;

export const FORMULAS_RPC = {
  getFormulaQueue: query(formulaQueueView),
  /** Empties the queue of formula requests (they cost nothing until a run sends them). */
  clearFormulaQueue: query(clearFormulaQueue),
  /** Turns automatic formula runs on (paid with the caller's key, within the cap) or off. */
  setFormulaAuto: call('automatic setting', formulaAutoRequest, changeFormulaAuto),
  /** Plans a run of the formula requests; startRun(planId) starts it. */
  planFormulaRun: call('formula plan request', formulaPlanRequest, planFormulaRun),
};
