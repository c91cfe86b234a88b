// Settings → Beta features. "MCP connections" gates the OAuth applications section and whether
// member applications may be authorized at all (validate-request.ts reads the site per request).
import type { Db } from '../../db/database.ts';
import { setBetaFeature } from '../../db/repositories/site-settings.ts';
import type { AuditLog } from '../audit.ts';
import type { Site } from '../sites.ts';
import { type Actor } from './actor.ts';
import { afterFeatureChange } from '../feature-changes.ts';

export const BETA_FEATURES = [
  {
    key: 'mcp_connections',
    label: 'MCP connections',
    description: 'Lets people connect AI assistants and other applications to their account here, through member applications this school creates under "OAuth applications".',
    // Issue 13 item 2: the page says what switching off does before anyone does it.
    offWarning: 'Switching this off disconnects every application connected through it at once: their access ends on the next request, and switching it on again does not reconnect them; people must connect them anew.',
  },
] as const;

export type BetaFeatureKey = (typeof BETA_FEATURES)[number]['key'];

export function isBetaFeatureKey(value: string): value is BetaFeatureKey {
  return BETA_FEATURES.some((f) => f.key === value);
}

export function mcpConnectionsEnabled(site: Site): boolean {
  return site.betaFeatures.mcp_connections === true;
}

export function createSettingsActions(db: Db, _audit: AuditLog) {
  return {
    features(site: Site) {
      return BETA_FEATURES.map((f) => ({ ...f, enabled: site.betaFeatures[f.key] === true }));
    },

    /** Audited, and "MCP connections" off ends member-audience grants, in one transaction (services/feature-changes.ts). */
    async setBetaFeature(actor: Actor, key: BetaFeatureKey, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await setBetaFeature(trx, actor.siteId, key, enabled);
        await afterFeatureChange(trx, actor.siteId, { [key]: enabled }, { personId: actor.personId, ip: actor.ip });
      });
    },
  };
}
