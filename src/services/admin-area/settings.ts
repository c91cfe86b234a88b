// Settings → Beta features. "MCP connections" gates the OAuth applications section and whether
// member applications may be authorized at all (validate-request.ts reads the site per request).
import type { Db } from '../../db/database.ts';
import { setBetaFeature } from '../../db/repositories/site-settings.ts';
import type { AuditLog } from '../audit.ts';
import type { Site } from '../sites.ts';
import { recordChange, type Actor } from './actor.ts';

export const BETA_FEATURES = [
  {
    key: 'mcp_connections',
    label: 'MCP connections',
    description: 'Lets people connect AI assistants and other applications to their account here, through member applications this school creates under "OAuth applications".',
  },
] as const;

export type BetaFeatureKey = (typeof BETA_FEATURES)[number]['key'];

export function isBetaFeatureKey(value: string): value is BetaFeatureKey {
  return BETA_FEATURES.some((f) => f.key === value);
}

export function mcpConnectionsEnabled(site: Site): boolean {
  return site.betaFeatures.mcp_connections === true;
}

export function createSettingsActions(db: Db, audit: AuditLog) {
  return {
    features(site: Site) {
      return BETA_FEATURES.map((f) => ({ ...f, enabled: site.betaFeatures[f.key] === true }));
    },

    async setBetaFeature(actor: Actor, key: BetaFeatureKey, enabled: boolean): Promise<void> {
      await setBetaFeature(db, actor.siteId, key, enabled);
      await recordChange(audit, actor, { action: 'beta_feature.changed', targetType: 'site', targetId: actor.siteId, details: { feature: key, enabled } });
    },
  };
}
