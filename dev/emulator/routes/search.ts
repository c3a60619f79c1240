/** Company and people search (spec 4.8, 4.9); the semantics are in ../search.ts. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { LIMITS } from '../../../src/limits';
import {
  companySearchBody,
  peopleSearchBody,
  type CompanySearchBody,
  type PeopleSearchBody,
} from '../../../src/api/schemas/requests';
import { COMPANY_FIELDS, PEOPLE_FIELDS, type Filters } from '../search';
import { SearchIndex } from '../search-index';
import type { EmulatorState } from '../state';
import { validateBody } from '../validation';
import { companyV2, personV2 } from '../views/v2';
import type { Company, Person, World } from '../world';
import { sendError } from './reply';

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
    <T, Body extends Paged>(
      schema: z.ZodMiniType<Body>,
      index: (indexes: Indexes) => SearchIndex<T>,
      respond: (items: T[], metadata: { total: number; offset: number }) => unknown,
    ) =>
    async (request: { body: unknown }, reply: Parameters<typeof sendError>[0]) => {
      const body = validateBody(schema, request.body ?? {});
      if (!body.ok) return sendError(reply, body.error);
      const { offset = 0, limit = LIMITS.searchDefaultLimit, ...filters } = body.value;
      const { page, total } = index(indexesOf(state.world())).search(filters as Filters, offset, limit);
      return respond(page, { total, offset });
    };

  app.post(
    '/api/v2/company/search',
    searchRoute<Company, CompanySearchBody>(
      companySearchBody(),
      (i) => i.companies,
      (companies, metadata) => ({ companies: companies.map(companyV2), metadata }),
    ),
  );
  app.post(
    '/api/v2/people/search',
    searchRoute<Person, PeopleSearchBody>(
      peopleSearchBody(),
      (i) => i.people,
      (people, metadata) => ({ people: people.map(personV2), metadata }),
    ),
  );
}
