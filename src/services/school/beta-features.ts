// Settings → Beta features. "MCP connections" gates the OAuth applications section and whether
// member applications may be authorized at all (validate-request.ts reads the site per request).
import type { Db } from '../../db/database.ts';
import { setBetaFeature } from '../../db/repositories/site-settings.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Site } from './sites.ts';
import { type Actor } from '../audit/actor.ts';
import { afterFeatureChange } from './feature-changes.ts';

export const BETA_FEATURES = [
  {
    key: 'mcp_connections',
    // docs/development.md "Page languages": the words are catalogue keys (src/web/locales), said in the school's language.
    label: 'admin.settings.mcpConnections.label',
    description: 'admin.settings.mcpConnections.description',
    // /auth.md "Access follows the school": the page says what switching off does before anyone does it.
    offWarning: 'admin.settings.mcpConnections.offWarning',
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

    /** Audited, and "MCP connections" off ends member-audience grants, in one transaction (services/school/feature-changes.ts). */
    async setBetaFeature(actor: Actor, key: BetaFeatureKey, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await setBetaFeature(trx, actor.siteId, key, enabled);
        await afterFeatureChange(trx, actor.siteId, { [key]: enabled }, { personId: actor.personId, ip: actor.ip });
      });
    },
  };
}
