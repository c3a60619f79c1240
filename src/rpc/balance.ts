/** The credit balance the panels show next to a cost, and what the API said of the key when asking. */
import { ApiError } from '../api/errors';
import type { AppContext } from '../engine/context';
import { noteKeyOutcome } from '../engine/key-wait';
import type { BalanceView } from './shapes';

/** The balance, or null with the API's reason in plain words (the key is remembered as refused). */
export function readCreditBalance(ctx: AppContext): BalanceView {
  try {
    const balance = ctx.api().creditBalance();
    noteKeyOutcome(ctx);
    return { balance };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    noteKeyOutcome(ctx, error);
    return { balance: null, message: error.userMessage };
  }
}
