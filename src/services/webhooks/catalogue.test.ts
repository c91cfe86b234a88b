// /webhooks.md "Who may receive what": each event type's scope is the one the admin API reads its
// `data` with. Derived here from the OpenAPI document: a GET operation needing exactly that scope
// answers the `data` schema (directly or inside a page or a detail), and no GET needing another
// scope does, so the table cannot name a scope that reads less than the event carries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isEventSelector,
  readScopesOf,
  READ_SCOPES_OF_EVENTS,
  selectorsOf,
  typesSelectedBy,
  WEBHOOK_EVENT_WILDCARDS,
  WEBHOOK_EVENTS,
} from './catalogue.ts';

type Json = Record<string, unknown>;
const document = JSON.parse(
  readFileSync(new URL('../../../generated/openapi/openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Json>; components: { schemas: Json } };

/** Every named schema a value reaches through $refs. */
function reachable(value: unknown, seen = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) reachable(item, seen);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      const name =
        key === '$ref' && typeof child === 'string' ? /#\/components\/schemas\/(.+)$/.exec(child)?.[1] : null;
      if (name && !seen.has(name)) {
        seen.add(name);
        reachable(document.components.schemas[name], seen);
      } else reachable(child, seen);
    }
  return seen;
}

/** The named schemas a schema's own properties refer to. */
function directParts(schema: string): Set<string> {
  const refs = JSON.stringify(document.components.schemas[schema]).matchAll(/#\/components\/schemas\/([^"]+)/g);
  return new Set([...refs].map((match) => match[1]!));
}

/** The scopes of the GET operations of /api/v1 whose 200 answer reaches `schema`. */
function readersOf(schema: string): Set<string> {
  const scopes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const get = item.get as { responses?: Json; security?: Array<{ oauth2?: string[] }> } | undefined;
    // The event log answers every event body too: which of them a token may read is the question here.
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/webhook-events') || !get) continue;
    // The webhook operations answer every event body (AnyWebhookEvent): which of them a token may
    // read is the question here, so their answers count without it (what they answer of their own,
    // the endpoints, still counts: the operational events carry an endpoint).
    if (!reachable(get.responses?.['200'], new Set(['AnyWebhookEvent'])).has(schema)) continue;
    for (const scope of get.security?.flatMap((s) => s.oauth2 ?? []) ?? []) scopes.add(scope);
  }
  return scopes;
}

describe('the read scope of each webhook event type (/webhooks.md "Who may receive what")', () => {
  it.each(WEBHOOK_EVENTS.map((e) => [e.type, e] as const))(
    '%s needs the scope the admin API reads its data with',
    (_type, event) => {
      // A composite only events carry (LectureCompletion) is read as its parts are.
      const whole = readersOf(event.data).size > 0;
      const parts = whole ? [event.data] : [...directParts(event.data)];
      expect(parts.length, `nothing reads ${event.data}`).toBeGreaterThan(0);
      for (const part of parts) {
        const readers = [...readersOf(part)].filter((scope) => scope.endsWith(':read'));
        expect(readers, part).toEqual([event.scope]);
      }
    },
  );

  it('the OpenAPI description of createWebhookEndpoint names the same scope for each type', () => {
    const create = (document.paths['/api/v1/webhooks'] as { post: { description: string } }).post.description;
    const clauses = create.replace(/\s+/g, ' ').split(';');
    for (const event of WEBHOOK_EVENTS) {
      const clause = clauses.find((text) => text.includes(`\`${event.type}\``));
      expect(clause, event.type).toContain(`\`${event.scope}\``);
    }
  });

  it('asks each scope once, and none for the test event', () => {
    expect(readScopesOf(['order.paid', 'order.refunded', 'webhook.test'])).toEqual(['orders:read']);
    expect(readScopesOf(['webhook.test'])).toEqual([]);
  });
});

describe('wildcards in event_types (/webhooks.md "Wildcards")', () => {
  it('are, with the types, what the OpenAPI document offers (WebhookEventSelector)', () => {
    const schema = document.components.schemas.WebhookEventSelector as { enum: string[] };
    expect([...WEBHOOK_EVENTS.map((e) => e.type), ...WEBHOOK_EVENT_WILDCARDS].sort()).toEqual([...schema.enum].sort());
  });

  it('`*` selects every type, `<resource>.*` the types of that resource and no other', () => {
    expect(typesSelectedBy(['*'])).toEqual(WEBHOOK_EVENTS.map((e) => e.type));
    expect(typesSelectedBy(['order.*'])).toEqual(['order.paid', 'order.refunded']);
    expect(typesSelectedBy(['course.*'])).toEqual(['course.published', 'course.archived', 'course.completed']);
    expect(typesSelectedBy(['event_registration.*', 'student.created'])).toEqual([
      'event_registration.created',
      'event_registration.cancelled',
      'student.created',
    ]);
  });

  it('every type is selected by itself, `*` and its resource wildcard, each a valid entry', () => {
    for (const { type } of WEBHOOK_EVENTS) {
      const selectors = selectorsOf(type);
      expect(selectors.every(isEventSelector), type).toBe(true);
      for (const selector of selectors) expect(typesSelectedBy([selector]), selector).toContain(type);
    }
    expect(isEventSelector('orders.*')).toBe(false);
    expect(isEventSelector('order.')).toBe(false);
    expect(isEventSelector('webhook.test')).toBe(false);
  });

  it('a wildcard needs the read scope of every type it covers', () => {
    expect(readScopesOf(['*'])).toEqual([...READ_SCOPES_OF_EVENTS]);
    expect(readScopesOf(['order.*'])).toEqual(['orders:read']);
    expect(readScopesOf(['course.*'])).toEqual(['courses:read', 'students:read']);
  });
});
