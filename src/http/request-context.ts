// What a handler knows about the request besides its validated input: which school it is for,
// who is calling (once the bearer guard ran), and the services it may use. No express types here.
import type { Logger } from 'pino';
import type { AuthInfo } from './bearer-guard.ts';
import type { Site } from '../services/school/sites.ts';
import type { Services } from '../services/create-services.ts';
import type { PageTexts } from './pages/i18n/page-text.ts';

export type RequestContext = SiteFreeContext & {
  site: Site;
  /** Set by the bearer guard for operations whose spec requires a token. */
  auth?: AuthInfo;
};

/** Context of the operations that answer on any origin (health probes from a load balancer). */
export type SiteFreeContext = {
  requestId: string;
  clientIp: string;
  log: Logger;
  services: Services;
  /** The page catalogues of this app (createApp makes them): every page reads its words here. */
  pageTexts: PageTexts;
};
