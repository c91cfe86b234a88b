// "Audit log": what happened at this school, newest first, 50 at a time: sign-ins, consents and
// tokens written by the authorization server, and every change made in this admin area.
import type { AdminPageDeps } from './types.ts';

/** A few words for the actions the service writes; an unknown action shows its code. */
export const ACTION_LABELS: Record<string, string> = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  sign_out: 'Signed out',
  'consent.granted': 'Allowed an application',
  'consent.denied': 'Denied an application',
  'token.issued': 'Token issued',
  'grant.revoked': 'Access revoked',
  'grant.narrowed': 'Access narrowed to the person\'s new roles',
  'member.roles_changed': 'Roles changed',
  'member.removed': 'Member removed',
  'student.removed': 'Student removed',
  'token.revoked': 'Access token revoked',
  'client.registered': 'Application registered',
  'beta_feature.changed': 'Beta feature changed',
  'member_app.created': 'OAuth application created',
  'member_app.updated': 'OAuth application changed',
  'member_app.secret_rotated': 'Client secret rotated',
  'member_app.deleted': 'OAuth application deleted',
  'metadata_host.added': 'Metadata host added',
  'metadata_host.removed': 'Metadata host removed',
  'open_registration.changed': 'Open registration changed',
  'metadata_client.approved': 'Metadata-document client approved',
  'metadata_client.blocked': 'Metadata-document client blocked',
  'signing_keys.rotated': 'Signing keys rotated',
  'id_token_signing.changed': 'ID-token signing changed',
};

/** Details as short `key: value` text; nested values as compact JSON. */
function summarize(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ')
    .slice(0, 300);
}

export function mountAuditLog({ router, area, admin }: AdminPageDeps): void {
  router.get('/audit-log', area.page(async ({ ctx, query, page }) => {
    const cursor = typeof query.before === 'string' ? query.before : undefined;
    const { events, older } = await admin.auditLog.page(ctx.site.id, cursor);
    const rows = events.map((e) => ({ ...e, label: ACTION_LABELS[e.action] ?? e.action, summary: summarize(e.details ?? {}) }));
    return page('./admin/audit-log', { title: 'Audit log', current: '/admin/audit-log', rows, older, isFirstPage: !cursor });
  }));
}
