// What the areas' gate (area-route.ts) uses: the browser session and the database it reads the
// person's roles at this school from (services/audit/actor.ts).
import type { Services } from '../../services/create-services.ts';

export type AreaGateServices = Pick<Services, 'sessions' | 'db'>;
