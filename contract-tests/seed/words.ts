// The words of the service's source specification that more than one file of this suite sends or
// expects, copied verbatim (never imported from src/, so that a rename in the service fails here).

/** Resources and their fields: the viewer query, exactly as a client written from the table sends it. */
export const VIEWER_QUERY =
  '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }';

/** Resources and their fields: the claims UserInfo and the ID token carry. */
export const CLAIMS = ['sub', 'email', 'name', 'org_id', 'roles'] as const;

/** Errors: a JSON body with `error` (code) and `error_description` (RFC 6749 5.2). */
export type OAuthErrorBody = { error?: unknown; error_description?: unknown };

/** Errors: the protected-resource metadata a `WWW-Authenticate` challenge points to. */
export const resourceMetadataOf = (origin: string) =>
  `resource_metadata="${origin}/.well-known/oauth-protected-resource`;

/** Scopes: every name of the table, in its order. */
export const SCOPES_TABLE = [
  'openid',
  'profile',
  'email',
  'courses:read',
  'courses:write',
  'students:read',
  'students:write',
  'members:read',
  'members:write',
  'analytics:read',
  'curriculum:read',
  'curriculum:write',
  'orders:read',
  'school:read',
  'school:write',
  'appearance:read',
  'appearance:write',
  'events:read',
  'events:write',
  'membership_plans:read',
  'membership_plans:write',
  'coupons:read',
  'coupons:write',
  'posts:read',
  'posts:write',
  'subscriptions:read',
  'subscriptions:write',
  'digital_products:read',
  'digital_products:write',
  'comments:read',
  'lecturers:read',
  'lecturers:write',
  'storage:write',
  'forms:read',
  'pages:read',
  'pages:write',
  'account:read',
  'account:write',
] as const;
