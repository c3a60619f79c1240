/**
 * What search results cost a workspace (docs/api-decisions.md, Search): SEARCH_RESULT_PRICE per
 * result returned to the workspace for the first time, re-exports free. The balance is an integer
 * (spec 2.9), so first-time results add up per workspace and are billed as whole credits as they
 * complete one, the rest carried to the next search: many small searches cost what one big one does.
 */
import { SEARCH_RESULT_PRICE } from './terms';

export type SearchKind = 'company' | 'people';

/** First-time results per whole credit (4 at a quarter credit each). */
export const RESULTS_PER_CREDIT = 1 / SEARCH_RESULT_PRICE;
// A price that is not 1/n of a credit would need a remainder in fractions of a result.
if (!Number.isInteger(RESULTS_PER_CREDIT))
  throw new Error(`SEARCH_RESULT_PRICE ${SEARCH_RESULT_PRICE} is not 1/n of a credit`);

interface WorkspaceMemory {
  /** Ids already returned, per kind: a company id and a person id never stand for each other. */
  returned: Record<SearchKind, Set<string>>;
  /** First-time results not billed yet (fewer than RESULTS_PER_CREDIT). */
  unbilled: number;
}

/** What one search would cost; applied by `commit` only once the charge went through. */
export interface SearchQuote {
  readonly workspace: string;
  readonly kind: SearchKind;
  /** Ids returned to this workspace for the first time. */
  readonly fresh: readonly string[];
  /** Whole credits to charge now. */
  readonly credits: number;
  readonly unbilledAfter: number;
}

/** Per workspace, the results already returned and the first-time results not billed yet. */
export class SearchMemory {
  private readonly workspaces = new Map<string, WorkspaceMemory>();

  quote(workspace: string, kind: SearchKind, ids: readonly string[]): SearchQuote {
    const memory = this.workspaces.get(workspace);
    const returned = memory?.returned[kind];
    const fresh = [...new Set(ids)].filter((id) => !returned?.has(id));
    const owed = (memory?.unbilled ?? 0) + fresh.length;
    return {
      workspace,
      kind,
      fresh,
      credits: Math.floor(owed / RESULTS_PER_CREDIT),
      unbilledAfter: owed % RESULTS_PER_CREDIT,
    };
  }

  commit(quote: SearchQuote): void {
    let memory = this.workspaces.get(quote.workspace);
    if (!memory) {
      memory = { returned: { company: new Set(), people: new Set() }, unbilled: 0 };
      this.workspaces.set(quote.workspace, memory);
    }
    for (const id of quote.fresh) memory.returned[quote.kind].add(id);
    memory.unbilled = quote.unbilledAfter;
  }

  /** First-time results not billed yet, for the admin state. */
  unbilled(workspace: string): number {
    return this.workspaces.get(workspace)?.unbilled ?? 0;
  }

  /** Forgets one workspace, or every workspace: its next searches are all first-time again. */
  forget(workspace?: string): void {
    if (workspace === undefined) this.workspaces.clear();
    else this.workspaces.delete(workspace);
  }
}
