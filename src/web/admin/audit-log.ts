// "Audit log": what happened at this school, newest first, 50 at a time: sign-ins, consents and
// tokens written by the authorization server, and every change made in this admin area.
import type { AdminPageDeps } from './types.ts';

/**
 * The actions the service writes, each with a few words in the catalogue (admin.audit.action.<action>,
 * docs/development.md "Page languages"); an unknown action shows its code.
 */
export const AUDIT_ACTIONS: readonly string[] = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'sessions.ended',
  'consent.granted',
  'consent.denied',
  'token.issued',
  'grant.revoked',
  'grant.revoked_all',
  'grant.narrowed',
  'member.roles_changed',
  'member.removed',
  'student.removed',
  'token.revoked',
  'client.registered',
  'beta_feature.changed',
  'member_app.created',
  'member_app.updated',
  'member_app.secret_rotated',
  'member_app.deleted',
  'metadata_host.added',
  'metadata_host.removed',
  'open_registration.changed',
  'metadata_client.approved',
  'metadata_client.blocked',
  'signing_keys.rotated',
  'id_token_signing.changed',
  'invitation.accepted',
  'invitation.accept_failed',
  'invitation.declined',
  'person.password_reset',
  'person.password_changed',
  'person.name_changed',
  'person.email_changed',
  'vendor_integration.added',
  'vendor_integration.removed',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.enabled',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.recovered',
  'webhook_endpoint.failing',
  'student.invited',
  'enrollment.granted',
  'enrollment.expired',
  'enrollment.revoked',
  'member.invited',
  'invitation.resent',
  'invitation.cancelled',
  'order.recorded',
  'order.refunded',
];

/** Details as short `key: value` text; nested values as compact JSON. */
function summarize(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ')
    .slice(0, 300);
}

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.7, RFC 4291 2.5.5.2) as the IPv4 address people know. */
function shownAddress(ip: string): string {
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(ip) ? ip.slice(7) : ip;
}

export function mountAuditLog({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/audit-log',
    area.page(async ({ ctx, query, page }) => {
      const cursor = typeof query.before === 'string' ? query.before : undefined;
      const { events, older } = await admin.auditLog.page(ctx.site.id, cursor);
      const rows = events.map((e) => ({
        ...e,
        labelKey: AUDIT_ACTIONS.includes(e.action) ? `admin.audit.action.${e.action}` : undefined,
        summary: summarize(e.details ?? {}),
        ip: e.ip === null ? null : shownAddress(e.ip),
      }));
      return page('./admin/audit-log', {
        titleKey: 'admin.audit.title',
        current: '/admin/audit-log',
        rows,
        older,
        isFirstPage: !cursor,
      });
    }),
  );
}
