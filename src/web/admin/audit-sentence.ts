// An audit log row as a sentence in the school's language ("Olivia Owner revoked the access of
// mia@… to Acme Sync"), built from its action, its actor and what the row recorded. Each action has
// one catalogue entry, admin.audit.sentence.<action>, and some a variant for what the row says (a
// setting turned on or off, who revoked an access); a variant is tried first. A sentence whose
// placeholders the row cannot all fill is never shown half-filled: the next candidate is tried, and
// last comes the label sentence "<who>: <label>" (docs/development.md "Page languages").
//
// The values are text people and clients chose (names, e-mail addresses, URLs): the result is plain
// text, printed by the template with `<%= %>`, which escapes it; the catalogues' sentences hold no
// markup (checked by audit-sentence.test.ts), so nothing here is HTML.
import type { PageText } from '../../http/pages/i18n/page-text.ts';
import { AUDIT_ACTIONS } from '../../services/audit/audit-actions.ts';
import type { AuditLogEntry } from '../../services/audit/audit-log-reader.ts';

export type SentenceText = Pick<PageText, 'lang' | 't' | 'has' | 'raw'>;
export type SentenceRow = Pick<
  AuditLogEntry,
  'action' | 'actor_email' | 'actor_name' | 'actor_client_id' | 'details' | 'names'
>;

// The prefix of the sentences' keys, which are built from the action (audit-sentence.test.ts checks each).
const SENTENCE = ['admin', 'audit', 'sentence'].join('.');
const ROLES = ['owner', 'admin', 'lecturer', 'student'];

const onOff = (details: Record<string, unknown>) =>
  details.enabled === true ? ['on'] : details.enabled === false ? ['off'] : [];

/**
 * Variants of an action's sentence, by what its row recorded; the first whose placeholders are all
 * filled is said. Each variant is a key `<action>_<variant>` beside the action's own.
 */
const VARIANTS: Readonly<Record<string, (details: Record<string, unknown>, actor: boolean) => string[]>> = {
  'beta_feature.changed': onOff,
  'open_registration.changed': onOff,
  'id_token_signing.changed': onOff,
  // Written by the admin area (by: school), the member's own page (by: member), a refresh token's
  // revocation (RFC 7009), a reused code or token (RFC 9700 4.14.2), or a role or feature taken away.
  'grant.revoked': (d) => [
    ...(d.by === 'school' ? ['school'] : d.by === 'member' ? ['member'] : []),
    ...(d.token_type === 'refresh_token' ? ['refresh'] : []),
    ...(typeof d.because === 'string' ? ['standing'] : []),
    // grants/authorization-code.ts and grants/refresh-under-lock.ts: "authorization code reused", "refresh token reused".
    ...(typeof d.reason === 'string' && d.reason.endsWith(' reused') ? ['reuse'] : []),
  ],
  'member.roles_changed': (d) => [
    ...(listOf(d.added).length && listOf(d.removed).length ? [] : listOf(d.added).length ? ['added'] : ['removed']),
  ],
  'token.issued': (_d, actor) => (actor ? [] : ['client']),
  'webhook_endpoint.disabled': (_d, actor) => (actor ? [] : ['unattended']),
  'member_app.created': (_d, actor) => (actor ? [] : ['unattended']),
  'member_app.deleted': (_d, actor) => (actor ? [] : ['unattended']),
};

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The `{{name}}` placeholders of a catalogue text. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w]+)\s*\}\}/g)].map((m) => m[1]!);
}

/** The actor as people know them: their name, else their address, else the application that acted. */
function actorOf(row: SentenceRow): string | undefined {
  return row.actor_name?.trim() || row.actor_email || row.names.app || row.actor_client_id || undefined;
}

/** The values a sentence may use: the row's text, numbers and lists of text, then the names looked up. */
function valuesOf(text: SentenceText, row: SentenceRow): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  const role = (code: string) => (ROLES.includes(code) ? text.t(`role.${code}`) : code);
  for (const [key, value] of Object.entries(row.details ?? {})) {
    if (typeof value === 'string' && value !== '') values[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[key] = value;
    else if (listOf(value).length) values[key] = listOf(value).join(', ');
  }
  if (typeof row.details?.role === 'string') values.role = role(row.details.role);
  if (row.action === 'member.roles_changed' || row.action.endsWith('.removed')) {
    if (listOf(row.details?.added).length) values.added = listOf(row.details.added).map(role).join(', ');
    if (listOf(row.details?.removed).length) values.removed = listOf(row.details.removed).map(role).join(', ');
  }
  const actor = actorOf(row);
  if (actor) values.actor = actor;
  const app = row.names.app ?? row.actor_client_id;
  if (app) values.app = app;
  const client =
    row.names.client ?? (typeof row.details?.name === 'string' ? row.details.name : undefined) ?? values.client_id;
  if (client) values.client = client;
  const person = row.names.person ?? values.person;
  if (person) values.person = person;
  if (row.names.course) values.course = row.names.course;
  const url = values.url ?? row.names.url;
  if (url) values.url = url;
  return values;
}

/** The catalogue keys tried for a row, most specific first (the label sentence is the last resort). */
export function sentenceKeys(row: Pick<SentenceRow, 'action' | 'details'>, hasActor: boolean): string[] {
  const variants = VARIANTS[row.action]?.(row.details ?? {}, hasActor) ?? [];
  return [...variants.map((v) => `${SENTENCE}.${row.action}_${v}`), `${SENTENCE}.${row.action}`];
}

/** The row as a sentence in the page's language, never with an empty or "undefined" gap. */
export function auditSentence(text: SentenceText, row: SentenceRow): string {
  const values = valuesOf(text, row);
  if (AUDIT_ACTIONS.includes(row.action))
    for (const key of sentenceKeys(row, values.actor !== undefined)) {
      const raw = text.raw(key);
      const names = raw === undefined ? [] : placeholdersOf(raw);
      // Only the values the sentence names reach i18next: a detail called `context` or `lng` is no option.
      if (raw !== undefined && names.every((name) => values[name] !== undefined))
        return text.t(key, Object.fromEntries(names.map((name) => [name, values[name]])));
    }
  const label = AUDIT_ACTIONS.includes(row.action) ? text.t(`admin.audit.action.${row.action}`) : row.action;
  return values.actor !== undefined ? text.t('admin.audit.sentence.fallback', { who: values.actor, label }) : label;
}
