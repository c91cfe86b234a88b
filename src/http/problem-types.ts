// docs/development.md "Problem types": every problem `type` this service emits (RFC 9457 3.1.1) is a URI on the
// school's own origin, /problems/<name>, and that URI resolves to a short page describing the
// problem (GET /problems/{problem_type}, public/handlers/getProblemType.ts). This catalogue is the
// one list: ProblemError takes only these names (a type without a page does not compile), the
// spec's ProblemTypeName enum lists the same names (a unit test compares them), and the page reads
// its text from here. Problems whose status says it all use `about:blank` (RFC 9457 4.2.1).
export const PROBLEM_TYPES = {
  'invalid-request': {
    status: 400,
    title: 'Invalid request',
    description:
      'The request breaks the documented schema of its operation. `errors` lists each offending field with a JSON Pointer into the request (`/query/limit`, `/body/title`) and what is wrong with it. Correct those fields and send the request again; the OpenAPI document (/openapi.json) describes every field.',
  },
  'invalid-token': {
    status: 401,
    title: 'Unauthorized',
    description:
      'The request carries no access token, or one that is not valid here: expired, revoked, issued by another school, or no longer allowed by the roles of its person or the features of the school. `WWW-Authenticate` names the protected resource metadata, which says where to get a token; get a new one (refresh it, or sign in again) and send the request again with `Authorization: Bearer <token>` (RFC 6750 3.1).',
  },
  'insufficient-scope': {
    status: 403,
    title: 'Forbidden',
    description:
      'The access token is valid but lacks a scope this operation needs, or is a member token on an operator operation. `scope` and `WWW-Authenticate` name every scope needed; ask for a token with them (a new authorization with those scopes, which an operator of the school must hold) and send the request again (RFC 6750 3.1).',
  },
  'owner-required': {
    status: 403,
    title: 'Forbidden: owner required',
    description:
      'The change is one only an owner of the school may make, such as which hosts may identify applications by a metadata document, or whether open registration is allowed. `errors` points at the field. Ask an owner of the school to make the change.',
  },
  'owner-standing': {
    status: 403,
    title: "Forbidden: the endpoint's owner may not read this",
    description:
      'The webhook endpoint was created by a person who may no longer read this event type: their roles at the school changed, they left it, or a feature it rests on is off (/webhooks.md "Who may receive what"). The endpoint sends no such events and their stored bodies are withheld. An operator who may read them creates the endpoint again.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description:
      "The change conflicts with the school's data: for example a duplicate slug or email, or deleting something still in use. `errors` points at the field when one field is the cause. Choose another value, or remove what still depends on the object first.",
  },
  'limit-reached': {
    status: 409,
    title: 'Limit reached',
    description:
      'The school has as many of these objects as this deployment allows, such as webhook endpoints (WEBHOOK_ENDPOINTS_PER_SCHOOL, /webhooks.md "Limits"). `detail` names the limit. Delete one that is no longer needed, or ask the operator of the deployment to raise the limit, and send the request again.',
  },
  'external-id-reused': {
    status: 409,
    title: 'Conflict: external_id reused',
    description:
      'An order with this `external_id` was recorded before from another request (another buyer, items, amounts or any other field). The `external_id` names one sale, as an idempotency key names one request: sending the same body again answers the recorded order (200), a different one is refused. Record a different sale under its own `external_id`, or read the recorded order (listOrders).',
  },
  'content-too-large': {
    status: 413,
    title: 'Content Too Large',
    description:
      'The request body is larger than this endpoint reads (2 MB for JSON and form bodies; uploads have their own limit, UPLOAD_MAX_BYTES). Every body the schema allows fits; send a smaller one (RFC 9110 15.5.14).',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported Media Type',
    description:
      'The uploaded file is of a type this school does not store. `detail` names the types accepted; send one of them (RFC 9110 15.5.16).',
  },
  unprocessable: {
    status: 422,
    title: 'Unprocessable Content',
    description:
      "The request is well formed but breaks a rule of the school's data: for example enrolling a person in a course that is not published, or a lecture position past the end of its section. `errors` points at the field and says which rule it breaks.",
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ProblemTypeName = keyof typeof PROBLEM_TYPES;

export const PROBLEM_TYPE_NAMES = Object.keys(PROBLEM_TYPES) as ProblemTypeName[];

export function isProblemTypeName(name: string): name is ProblemTypeName {
  return Object.hasOwn(PROBLEM_TYPES, name);
}

/** The path of a problem type's page, on whichever origin answered the request. */
export function problemTypePath(name: ProblemTypeName): string {
  return `/problems/${name}`;
}
