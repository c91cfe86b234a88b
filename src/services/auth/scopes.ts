// The scope catalogue of /auth.md "Scopes": one place for names, meanings, audiences
// and kinds, read by the metadata documents, the consent page, the admin area and /auth.md.
export type ScopeKind = 'identity' | 'read' | 'write';
export type ScopeAudience = 'any' | 'operator' | 'member';
export type ScopeInfo = { name: string; meaning: string; kind: ScopeKind; audience: ScopeAudience };

const identity = (name: string, meaning: string): ScopeInfo => ({ name, meaning, kind: 'identity', audience: 'any' });
const operator = (name: string, meaning: string): ScopeInfo => ({
  name,
  meaning,
  kind: name.endsWith(':read') ? 'read' : 'write',
  audience: 'operator',
});
const member = (name: string, meaning: string): ScopeInfo => ({
  name,
  meaning,
  kind: name.endsWith(':read') ? 'read' : 'write',
  audience: 'member',
});

const pair = (family: string, noun: string, readOnly = false): ScopeInfo[] => [
  operator(`${family}:read`, `Read ${noun}`),
  ...(readOnly ? [] : [operator(`${family}:write`, `Create, change and delete ${noun}`)]),
];

export const SCOPES: readonly ScopeInfo[] = Object.freeze([
  identity('openid', 'Sign you in with OpenID Connect (your member identifier at this school)'),
  identity('profile', 'See your name'),
  identity('email', 'See your e-mail address'),
  ...pair('courses', 'courses'),
  ...pair('students', 'students, their enrollments and progress'),
  ...pair('members', 'people with roles at the school'),
  operator('analytics:read', 'Read analytics: revenue, enrollments, completion'),
  ...pair('curriculum', 'course sections and lectures'),
  operator('orders:read', 'Read orders and their items'),
  operator('orders:write', 'Record orders made elsewhere or granted, and refunds'),
  ...pair('school', 'school settings'),
  ...pair('appearance', "the school's theme, colours and logo"),
  ...pair('events', 'events and their registrations'),
  ...pair('membership_plans', 'membership plans'),
  ...pair('coupons', 'coupons'),
  ...pair('posts', 'posts'),
  ...pair('subscriptions', 'subscriptions'),
  ...pair('digital_products', 'digital products'),
  operator('comments:read', 'Read comments'),
  ...pair('lecturers', 'lecturer profiles'),
  operator('storage:write', 'Upload files'),
  operator('forms:read', 'Read forms and their submissions'),
  ...pair('pages', 'pages'),
  operator('webhooks:read', 'Read webhook endpoints and their deliveries'),
  operator('webhooks:write', 'Create, change and delete webhook endpoints, rotate their secrets, test and redeliver'),
  operator('auth_events:read', 'Read the access trail: sign-ins, consents, tokens issued and revocations'),
  member('account:read', 'See your enrollments, progress, orders and event registrations'),
  member('account:write', 'Record your lecture progress and manage your event registrations'),
]);

const byName = new Map(SCOPES.map((s) => [s.name, s]));

export const ALL_SCOPE_NAMES: readonly string[] = SCOPES.map((s) => s.name);
export const IDENTITY_SCOPES: readonly string[] = SCOPES.filter((s) => s.kind === 'identity').map((s) => s.name);
export const OPERATOR_SCOPES: readonly string[] = SCOPES.filter((s) => s.audience === 'operator').map((s) => s.name);
export const MEMBER_SCOPES: readonly string[] = SCOPES.filter((s) => s.audience !== 'operator').map((s) => s.name);

export function scopeInfo(name: string): ScopeInfo | undefined {
  return byName.get(name);
}

/** RFC 6749 3.3: space-delimited, case-sensitive, no duplicates kept; order of first mention. */
export function parseScope(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(' ').filter(Boolean))];
}

export function formatScope(scopes: Iterable<string>): string {
  return [...scopes].join(' ');
}

/** Spec Limits: an unreviewed metadata-document client may request read and identity scopes only. */
export function isReadOrIdentityScope(name: string): boolean {
  const kind = byName.get(name)?.kind;
  return kind === 'identity' || kind === 'read';
}
