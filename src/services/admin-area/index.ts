// The admin area's services, built from the shared ones (DESIGN habit 12: passed, not hidden).
// Free of express: the pages in web/admin/ call these, and these call repositories.
import type { Services } from '../index.ts';
import { createAnalyticsReport } from './analytics.ts';
import { createAuditLogReader } from './audit-log.ts';
import { createConnectedAppActions } from './connected-apps.ts';
import { createMemberAppActions } from './member-apps.ts';
import { createMetadataDocumentActions } from './metadata-documents.ts';
import { createSettingsActions } from './settings.ts';
import { createSigningKeyActions } from './signing-keys.ts';

export function createAdminAreaServices(services: Pick<Services, 'db' | 'audit' | 'signingKeys' | 'admin'>) {
  const { db, audit, signingKeys } = services;
  return {
    settings: createSettingsActions(db, audit),
    memberApps: createMemberAppActions(db, audit),
    connectedApps: createConnectedAppActions(db, audit),
    metadataDocuments: createMetadataDocumentActions(db, audit),
    signingKeys: createSigningKeyActions(db, audit, signingKeys),
    auditLog: createAuditLogReader(db),
    analytics: createAnalyticsReport(services.admin.analytics),
  };
}

export type AdminAreaServices = ReturnType<typeof createAdminAreaServices>;
