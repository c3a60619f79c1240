/** What the sidebar's formula requests box may call: the queue, a paid run of it, automatic mode. */
import { call, query } from '../../rpc/table';
import {
  changeFormulaAuto,
  clearFormulaQueue,
  formulaAutoRequest,
  formulaPlanRequest,
  formulaQueueView,
  planFormulaRun,
} from './formula-service';

export const FORMULAS_RPC = {
  getFormulaQueue: query(formulaQueueView),
  /** Empties the queue of formula requests (they cost nothing until a run sends them). */
  clearFormulaQueue: query(clearFormulaQueue),
  /** Turns automatic formula runs on (paid with the caller's key, within the cap) or off. */
  setFormulaAuto: call('automatic setting', formulaAutoRequest, changeFormulaAuto),
  /** Plans a run of the formula requests; startRun(planId) starts it. */
  planFormulaRun: call('formula plan request', formulaPlanRequest, planFormulaRun),
};
