// What every resolver knows: the school, the member the token was issued to, and the scopes the
// token carries. Built by the GraphQL server from the bearer guard's result, never from input.
import type { AuthInfo } from '../http/bearer-guard.ts';
import type { Site } from '../services/school/sites.ts';
import type { GraphQLServices } from './graphql-services.ts';

export type GraphQLContext = {
  site: Site;
  personId: string;
  scopes: ReadonlySet<string>;
  /** The person as the bearer guard read them with the token in this request (Query.viewer). */
  person: AuthInfo['person'];
  /** Resolvers use the member data service alone. */
  services: Pick<GraphQLServices, 'account'>;
};
