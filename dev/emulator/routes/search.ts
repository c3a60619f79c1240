/**
 * Company and people search (spec 4.8, 4.9): the semantics are in ../search.ts, the price (first-time
 * results only, whole credits, 402 when the balance is short) in ../search-billing.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { errorReply } from '../errors';
import { companySearch, peopleSearch } from '../requests';
import { COMPANY_FIELDS, PEOPLE_FIELDS, type Filters } from '../search';
import type { SearchKind } from '../search-billing';
import { SearchIndex } from '../search-index';
import type { EmulatorState } from '../state';
import { LIMITS } from '../terms';
import { validateBody } from '../validation';
import { companyV2, personV2 } from '../views/v2';
import type { Company, Person, World } from '../world';
import { callerClock, callerOf, sendError } from './reply';

/** Per world, built on first use: people search materialises every person, company search need not. */
class Indexes {
  private companyIndex?: SearchIndex<Company>;
  private peopleIndex?: SearchIndex<Person>;

  constructor(private readonly world: World) {}

  get companies(): SearchIndex<Company> {
    this.companyIndex ??= new SearchIndex(this.world.companies, COMPANY_FIELDS);
    return this.companyIndex;
  }

  get people(): SearchIndex<Person> {
    this.peopleIndex ??= new SearchIndex(this.world.people, PEOPLE_FIELDS);
    return this.peopleIndex;
  }
}

const indexes = new WeakMap<World, Indexes>();

function indexesOf(world: World): Indexes {
  let found = indexes.get(world);
  if (!found) indexes.set(world, (found = new Indexes(world)));
  return found;
}

type Paged = { offset?: number; limit?: number };

export function registerSearchRoutes(app: FastifyInstance, state: EmulatorState): void {
  const searchRoute =
    <T extends { id: string }, Body extends Paged>(
      kind: SearchKind,
      schema: z.ZodMiniType<Body>,
      defaultLimit: number,
      index: (indexes: Indexes) => SearchIndex<T>,
      respond: (items: T[], metadata: { total: number; offset: number }) => unknown,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = validateBody(schema, request.body ?? {});
      if (!body.ok) return sendError(reply, body.error);
      const { offset = 0, limit = defaultLimit, ...filters } = body.value;
      const { page, total } = index(indexesOf(state.world())).search(filters as Filters, offset, limit);
      const caller = callerOf(request);
      // Jobs spend credits as time passes: bring them up to now so the search sees the real balance.
      state.engine.advance(caller.workspaceId);
      const ids = page.map((item) => item.id);
      const bookedAt = callerClock(request) ?? state.options.now();
      const charge = state.books.chargeSearch({ ...caller, bookedAt, name: `${kind} search` }, kind, ids);
      if (!charge.ok) {
        state.stats.recordSearchRefused(kind);
        return sendError(reply, errorReply('insufficientCredits'));
      }
      state.stats.recordSearch(kind, page.length, charge.fresh, charge.credits);
      return respond(page, { total, offset });
    };

  app.post(
    '/api/v2/company/search',
    searchRoute<Company, z.infer<typeof companySearch>>(
      'company',
      companySearch,
      LIMITS.searchDefaultLimit,
      (i) => i.companies,
      (companies, metadata) => ({ companies: companies.map(companyV2), metadata }),
    ),
  );
  app.post(
    '/api/v2/people/search',
    searchRoute<Person, z.infer<typeof peopleSearch>>(
      'people',
      peopleSearch,
      LIMITS.peopleSearchDefaultLimit,
      (i) => i.people,
      (people, metadata) => ({ people: people.map(personV2), metadata }),
    ),
  );
}
