// What a handler knows about the request besides its validated input: which school it is for,
// who is calling (once the bearer guard ran), and the services of its surface: each surface names
// the few it uses, never all of them (docs/layout.md "Which services each surface receives"). No
// express types here.
import type { Logger } from 'pino';
import type { AuthInfo } from './bearer-guard.ts';
import type { Site } from '../services/school/sites.ts';
import type { PageTexts } from './pages/i18n/page-text.ts';

/** What the site resolver knows of every request, whatever surface serves it. */
export type RequestFacts = {
  requestId: string;
  clientIp: string;
  log: Logger;
  /** The page catalogues of this app (createApp makes them): every page reads its words here. */
  pageTexts: PageTexts;
};

/** A request to a known school, before a surface adds its services. */
export type SiteContext = RequestFacts & { site: Site };

/** The context of an operation: `S` is its surface's services (e.g. admin/admin-api-services.ts). */
export type RequestContext<S> = SiteContext & {
  services: S;
  /** Set by the bearer guard for operations whose spec requires a token. */
  auth?: AuthInfo;
};

/** Context of the operations that answer on any origin (health probes from a load balancer). */
export type SiteFreeContext<S> = RequestFacts & { services: S };
