// The services the member data API receives (docs/layout.md "Which services each surface receives"):
// the member data service its resolvers read and write through (services/people/own-data.ts), and the
// database the bearer guard reads tokens with.
import type { Services } from '../services/create-services.ts';

/** The names of the services /account/graphql may use; the bundle createApp builds holds exactly these. */
export const GRAPHQL_SERVICES = ['account', 'db'] as const satisfies ReadonlyArray<keyof Services>;

export type GraphQLServices = Pick<Services, (typeof GRAPHQL_SERVICES)[number]>;
