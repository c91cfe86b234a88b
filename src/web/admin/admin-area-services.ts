// The services the admin area at /admin receives (docs/layout.md "Which services each surface
// receives"): the gate's (sessions, db) and what its own actions are composed from
// (services/admin-area-services.ts: db, audit, signing keys, the admin services, the cursors and the
// access trail's retention of config).
import type { Services } from '../../services/create-services.ts';

/** The names of the services the admin area may use; the bundle createApp builds holds exactly these. */
export const ADMIN_AREA_SERVICES = [
  'sessions',
  'db',
  'audit',
  'signingKeys',
  'admin',
  'cursors',
  'config',
  'mail',
] as const satisfies ReadonlyArray<keyof Services>;

export type AdminAreaBundle = Pick<Services, (typeof ADMIN_AREA_SERVICES)[number]>;
