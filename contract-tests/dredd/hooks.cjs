// dredd hooks (CommonJS, loaded by dredd itself): turn each transaction dredd compiled from
// /openapi.json into a request that can succeed against the running school (tokens, fixture ids,
// valid bodies), let gavel check the answer against the operation's JSON schema, and write every
// transaction's outcome to DREDD_RESULTS for contract-tests/dredd/dredd.test.ts.
//
// dredd 14 sends one request per documented response. For OpenAPI 3 it skips nothing by itself,
// so each error response is provoked on purpose: 401 without a token, 403 with an operator token
// holding only `openid`, 404 with ids nobody has (or, without ids, at a host no school has), 400
// with an invalid or unknown parameter or body, 413 with a body one byte over the limit, and the
// 409/422 rules each by its own request (scenarios.cjs).
// What cannot be provoked black-box in one pass is skipped below, each with its reason.
'use strict';

const hooks = require('hooks');
const fs = require('node:fs');
const { toJsonSchema } = require('./json-schema.cjs');
const { scenarios, MISSING } = require('./scenarios.cjs');

const context = JSON.parse(fs.readFileSync(process.env.DREDD_CONTEXT, 'utf8'));
const api = JSON.parse(fs.readFileSync(context.apiPath, 'utf8'));

// A lost race: the curriculum 409 of these operations answers only when another request changes
// the same course's sections or lectures at the same moment, which one sequential pass cannot arrange.
const RACE = 'answered only when another request changes the same curriculum at the same moment (a lost race)';
// The last-owner rule is school-wide: while another suite holds a second owner for a moment
// (members.test.ts does), the refused request would succeed and remove or demote the demo owner
// every suite signs in with. Nothing else makes the demo owner the last one in a way dredd owns.
const LAST_OWNER =
  'needs the demo owner to be the only owner, which concurrent suites change; the request would then remove or demote the owner every suite signs in with';
// Orders and subscriptions the school records change the revenue, order list and running
// subscriptions that the orders, analytics and subscriptions suites read as seeded on this shared
// server; contract-tests/admin/order-writes.test.ts drives these successes on an instance of its
// own, where the server checks each answer against this document as it does here.
const SEEDED_COMMERCE =
  "changes Demo Academy's seeded orders, revenue or running subscriptions, which other suites sharing the server read; driven on an instance of its own by contract-tests/admin/order-writes.test.ts";
// /webhooks.md "Limits": reaching them on the shared server would refuse the endpoints, tests and
// rotations of every other suite there; contract-tests/webhooks/endpoint-limits.test.ts reaches each
// on an instance of its own, where the server checks each answer against this document as here.
const WEBHOOK_LIMIT =
  'needs a webhook limit of the school or endpoint spent, which other suites sharing the server would then meet; provoked on an instance of its own by contract-tests/webhooks/endpoint-limits.test.ts';
// /auth.md "Rate limits": failed client authentication is limited per client_id and address; exhausting
// it would refuse the suite's own client for the rest of the run.
const CLIENT_AUTH_LIMIT =
  "needs the failed client authentication limit per client_id and address exhausted, which would refuse the suite's own client afterwards; contract-tests/reliability/guessing-limits.test.ts reaches it from addresses of its own";
// /auth.md "Signing out": the end-session endpoint counts against the sign-in limit per address,
// which the suite raises so that every suite (all from one address) can sign in and out.
const SIGN_OUT_LIMIT =
  'needs the sign-in limit per address exhausted, which the suite raises so that every suite (all from one address) can sign in and out; contract-tests/oauth/backchannel-logout.test.ts reaches it on an instance of its own';
// docs/operations.md "Mail": refused with 422 only where the service sends no mail (production
// without SMTP_URL); the suite's server mails to its SMTP listener. contract-tests/identity/
// mail-not-configured.test.ts provokes these on an instance of its own.
const NO_MAIL = 'needs a deployment that sends no mail (production without SMTP_URL), unlike the suite server';

const SKIPS = {
  'inviteStudent 422': NO_MAIL,
  'inviteMember 422': NO_MAIL,
  'resendStudentInvitation 422': NO_MAIL,
  'resendMemberInvitation 422': NO_MAIL,
  'createWebhookEndpoint 409': WEBHOOK_LIMIT,
  'rotateWebhookSecret 429': WEBHOOK_LIMIT,
  'sendWebhookTestEvent 429': WEBHOOK_LIMIT,
  'redeliverWebhookDelivery 429': WEBHOOK_LIMIT,
  'recoverWebhookEndpoint 429': WEBHOOK_LIMIT,
  'createOrder 200': SEEDED_COMMERCE,
  'createOrder 201': SEEDED_COMMERCE,
  'createOrder 409': SEEDED_COMMERCE,
  'refundOrder 200': SEEDED_COMMERCE,
  'createSubscription 201': SEEDED_COMMERCE,
  'removeMember 409': LAST_OWNER,
  'setMemberRoles 409': LAST_OWNER,
  'getReadiness 503': 'needs the database to be unreachable, which would fail every other suite sharing the server',
  'registerClient 429':
    'needs the per-address registration limit exhausted, which the suite raises so that every suite (all from one address) can register clients',
  'revoke 429': CLIENT_AUTH_LIMIT,
  'introspect 429': CLIENT_AUTH_LIMIT,
  'endSession 429': SIGN_OUT_LIMIT,
  'endSessionPost 429': SIGN_OUT_LIMIT,
  'createSection 409': RACE,
  'reorderSections 409': RACE,
  'createLecture 409': RACE,
  'reorderLectures 409': RACE,
  'moveLecture 409': RACE,
  'submitSignIn 503':
    'needs the password-hashing queue full, which only a burst of concurrent sign-ins provokes and which would slow or throttle every suite sharing the server; contract-tests/hostile/no-stall.test.ts provokes it on an instance of its own',
};

// RFC 6761 6.4: `.invalid` is never a real host, so no school is ever served there.
const NO_SCHOOL_HOST = 'no-school.invalid';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const operations = new Map();
for (const [path, item] of Object.entries(api.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (operation)
      operations.set(`${method.toUpperCase()} ${path}`, {
        operationId: operation.operationId,
        operation,
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
      });
  }
}

const created = {};
const sent = new Map(); // transaction name -> { entry, scenario }
const skipped = new Map(); // transaction name -> reason
const bodyChecked = new Set(); // names of transactions whose JSON body gavel checks against a schema

const entryOf = (transaction) => operations.get(`${transaction.request.method} ${transaction.origin.resourceName}`);
const essence = (mediaType) => String(mediaType).split(';')[0].trim().toLowerCase();
const isJson = (mediaType) => /^application\/(?:[\w.+-]+\+)?json$/.test(essence(mediaType));

/** Public operations go without a token, UserInfo (scope openid) with the member's, the rest with the operator's. */
function defaultToken(entry) {
  const requirements = entry.operation.security ?? api.security ?? [];
  if (requirements.length === 0) return 'none';
  return requirements.some((requirement) => Object.values(requirement).flat().includes('openid'))
    ? 'member'
    : 'operator';
}

function withPathIds(entry, path, value) {
  const ids = entry.parameters.filter((p) => p.in === 'path' && p.schema?.format === 'uuid').map((p) => p.name);
  return { ...path, ...Object.fromEntries(ids.map((name) => [name, value])) };
}

/**
 * The generic 400: an id that is no UUID, else a page size of 0, else a body that is no object,
 * else a query parameter the operation does not define (every operation refuses one).
 */
function badRequest(entry, success) {
  const uuid = entry.parameters.find((p) => p.in === 'path' && p.schema?.format === 'uuid');
  if (uuid) return { ...success, path: { ...success.path, [uuid.name]: 'not-a-uuid' } };
  if (entry.parameters.some((p) => p.name === 'limit')) return { ...success, query: { ...success.query, limit: 0 } };
  if (entry.operation.requestBody?.content?.['application/json']) return { ...success, body: [] };
  if (!entry.parameters.some((p) => p.name === 'verbose'))
    return { ...success, query: { ...success.query, verbose: 1 } };
  return undefined;
}

/** The generic 413: a body one byte over the limit, of the operation's own media type (read before anything else). */
function tooLarge(entry, success) {
  const contentType = Object.keys(entry.operation.requestBody?.content ?? {})[0];
  if (!contentType) return undefined;
  return {
    ...success,
    body: undefined,
    form: undefined,
    raw: { contentType, body: 'x'.repeat(context.bodyLimitBytes + 1) },
  };
}

/** The request for one transaction: listed in scenarios.cjs, or derived from the success one. */
/** The media type a transaction expects: dredd makes one transaction per media type of a response. */
function mediaTypeOf(transaction, entry) {
  const expected = Object.entries(transaction.expected?.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  return expected
    ? essence(expected)
    : Object.keys(entry?.operation.responses[String(transaction.expected?.statusCode ?? '')]?.content ?? {})[0];
}

function scenarioFor(entry, status, mediaType) {
  const own = scenarios[`${entry.operationId} ${status} ${mediaType}`] ?? scenarios[`${entry.operationId} ${status}`];
  if (own) return own(context, created);
  const { capture, prepare, ...success } = scenarios[entry.operationId]?.(context, created) ?? {};
  if (Number(status) < 400) return { ...success, capture, prepare };
  if (status === '401') return { ...success, token: 'none' };
  if (status === '403') return { ...success, token: 'identity' };
  if (status === '404' && entry.parameters.some((p) => p.in === 'path'))
    return { ...success, path: withPathIds(entry, success.path, MISSING) };
  // Without an id to miss, the 404 is the origin's: the same request sent to a host no school has.
  if (status === '404') return { ...success, host: NO_SCHOOL_HOST };
  if (status === '400') return badRequest(entry, success);
  if (status === '413') return tooLarge(entry, success);
  return undefined;
}

function setHeader(headers, name, value) {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
  if (value !== undefined) headers[name] = value;
}

function apply(transaction, entry, scenario) {
  const request = transaction.request;
  const compiled = new URL(request.uri, context.origin);
  const compiledSegments = compiled.pathname.split('/');
  // A template may be a whole segment (`{course_id}`) or part of one (`{slug}.md`).
  const pathname = entry.path
    .split('/')
    .map((segment, i) => {
      if (!segment.includes('{')) return segment;
      const names = [...segment.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      if (names.some((name) => scenario.path?.[name] === undefined)) return compiledSegments[i];
      return segment.replace(/\{([^}]+)\}/g, (_m, name) => encodeURIComponent(scenario.path[name]));
    })
    .join('/');
  const query = new URLSearchParams(compiled.search);
  for (const [key, value] of Object.entries(scenario.query ?? {})) {
    if (value === undefined) query.delete(key);
    else query.set(key, String(value));
  }
  request.uri = `${pathname}${query.size ? `?${query}` : ''}`;
  transaction.fullPath = request.uri;

  const token = scenario.token ?? defaultToken(entry);
  setHeader(request.headers, 'Authorization', token === 'none' ? undefined : `Bearer ${context.tokens[token]}`);
  setHeader(request.headers, 'Cookie', scenario.cookie || undefined);
  if (scenario.host) setHeader(request.headers, 'Host', scenario.host);
  if (scenario.body !== undefined) {
    request.body = JSON.stringify(scenario.body);
    setHeader(request.headers, 'Content-Type', 'application/json');
  } else if (scenario.form) {
    request.body = new URLSearchParams(scenario.form).toString();
    setHeader(request.headers, 'Content-Type', 'application/x-www-form-urlencoded');
  } else if (scenario.raw) {
    request.body = scenario.raw.body;
    setHeader(request.headers, 'Content-Type', scenario.raw.contentType);
  }
}

async function prepareTransaction(transaction) {
  const entry = entryOf(transaction);
  if (!entry) throw new Error(`no operation for ${transaction.request.method} ${transaction.origin.resourceName}`);
  const status = String(transaction.expected.statusCode);
  const reason = SKIPS[`${entry.operationId} ${status}`];
  if (reason) {
    transaction.skip = true;
    skipped.set(transaction.name, reason);
    return;
  }
  let scenario = scenarioFor(entry, status, mediaTypeOf(transaction, entry));
  if (!scenario)
    throw new Error(
      `no request for ${entry.operationId} ${status}: add one to scenarios.cjs or a skip with its reason`,
    );
  if (scenario.prepare) scenario = { ...scenario, ...(await scenario.prepare()) };
  apply(transaction, entry, scenario);
  sent.set(transaction.name, { entry, scenario });
}

hooks.beforeEach((transaction, done) => {
  prepareTransaction(transaction).then(
    () => done(),
    (error) => {
      transaction.fail = `could not prepare the request: ${error.message}`;
      done();
    },
  );
});

// Content types compare by their essence (RFC 9110 8.3.1: `; charset=utf-8` is a parameter), and
// JSON bodies are checked against the operation's schema rather than the example dredd compiled.
hooks.beforeEachValidation((transaction) => {
  const { entry } = sent.get(transaction.name) ?? {};
  const response = entry?.operation.responses[String(transaction.expected.statusCode)];
  const declared = response?.content?.[mediaTypeOf(transaction, entry)]
    ? mediaTypeOf(transaction, entry)
    : Object.keys(response?.content ?? {})[0];
  if (!declared) return;
  // OpenAPI 3.0 cannot tie a header to one media type: a 403 documents WWW-Authenticate for its
  // bearer challenge (RFC 6750 3.1, application/json), never for an owner-required problem.
  if (essence(declared) === 'application/problem+json') {
    for (const name of Object.keys(transaction.expected.headers))
      if (name.toLowerCase() === 'www-authenticate') delete transaction.expected.headers[name];
  }
  const actual = Object.entries(transaction.real.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const expectedName = Object.keys(transaction.expected.headers).find((name) => name.toLowerCase() === 'content-type');
  if (expectedName && actual && essence(actual) === essence(declared))
    transaction.expected.headers[expectedName] = actual;
  const schema = response.content[declared].schema;
  if (schema && isJson(declared)) {
    transaction.expected.bodySchema = toJsonSchema(schema);
    delete transaction.expected.body;
    bodyChecked.add(transaction.name);
  }
});

// Header values with an enum (Cache-Control: no-store) are checked here; gavel checks names only.
hooks.afterEach((transaction) => {
  const { entry, scenario } = sent.get(transaction.name) ?? {};
  if (!entry || !transaction.real) return;
  const status = String(transaction.expected.statusCode);
  for (const [name, header] of Object.entries(entry.operation.responses[status]?.headers ?? {})) {
    const allowed = header.schema?.enum;
    const value = Object.entries(transaction.real.headers).find(
      ([key]) => key.toLowerCase() === name.toLowerCase(),
    )?.[1];
    if (allowed && !allowed.includes(value))
      transaction.fail = `header ${name} is ${JSON.stringify(value)}, not one of ${allowed.join(', ')}`;
  }
  if (scenario.capture && String(transaction.real.statusCode) === status) {
    let json;
    try {
      json = JSON.parse(transaction.real.body);
    } catch {
      json = undefined;
    }
    Object.assign(created, scenario.capture(json, transaction.real));
  }
});

hooks.afterAll((transactions) => {
  const results = transactions.map((t) => {
    const entry = entryOf(t);
    const status = String(t.expected?.statusCode ?? '');
    return {
      name: t.name,
      operationId: entry?.operationId,
      status,
      mediaType: mediaTypeOf(t, entry),
      bodyChecked: bodyChecked.has(t.name),
      result: t.test?.status || 'error',
      reason: skipped.get(t.name),
      request: `${t.request.method} ${t.fullPath}`,
      actualStatus: t.real?.statusCode,
      message: t.test?.status === 'fail' ? t.test.message : undefined,
      actualBody: t.test?.status === 'fail' ? String(t.real?.body ?? '').slice(0, 600) : undefined,
    };
  });
  fs.writeFileSync(process.env.DREDD_RESULTS, JSON.stringify(results, null, 2));
});
