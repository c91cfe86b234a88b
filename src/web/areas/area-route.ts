// The one gate of every page and form of the admin and account areas. In order: the
// browser session of the authorization server (signed out: to the sign-in page and back), the
// person's roles at THIS school (no access: a 403 page), then, for a form, its CSRF token (a bad
// one: a 400 page), then text the database cannot hold (U+0000 in a field or query parameter: a
// 400 page naming it, lib/nul-text.ts) — all before any handler runs, so no action skips a check.
import type { Request, RequestHandler, Response } from 'express';
import type { SiteContext } from '../../http/request-context.ts';
import { noteRequest } from '../../http/request-facts.ts';
import { requestContextOf } from '../../http/site-resolver.ts';
import { pathsWithNul } from '../../lib/nul-text.ts';
import {
  AreaForbidden,
  AreaNotFound,
  findAreaPerson,
  type Actor,
  type AreaPerson,
} from '../../services/audit/actor.ts';
import type { AreaGateServices } from './area-services.ts';
import { OwnerRequired } from '../../services/auth/client-metadata/metadata-host-owners.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { renderPage, siteText, type PageResult } from '../../http/pages/render-page.ts';
import { safeReturnTo } from '../../lib/return-to.ts';
import {
  sessionCsrfToken,
  SIGN_OUT_CSRF_PURPOSE,
  verifySessionCsrfToken,
  type BrowserSession,
} from '../../services/sessions/browser-sessions.ts';
import { formBody, type FormBody } from './forms.ts';
import { noStore } from '../../lib/no-store.ts';
import { createAreaFlashes } from '../../services/sessions/area-flashes.ts';

export type AreaCall = {
  ctx: SiteContext;
  session: BrowserSession;
  person: AreaPerson;
  actor: Actor;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: FormBody;
  csrf: (purpose: string) => string;
  /** Stores what the next page shows once (area-flashes.ts); returns the token its redirect carries. */
  flash: (value: unknown) => Promise<string>;
  /** The message of the `shown` query parameter, once; undefined on a reload or a forged token. */
  takeFlash: () => Promise<unknown>;
  /** A page of this area: its layout, navigation and the signed-in person come with it. */
  page: (
    template: string,
    data: Record<string, unknown>,
    status?: number,
    headers?: Record<string, string>,
  ) => PageResult;
};

export type AreaResult = PageResult | { redirect: string };
export type AreaHandler = (call: AreaCall) => Promise<AreaResult>;

export type AreaSpec = {
  /** Catalogue key of the area's name (docs/development.md "Page languages": every word from the catalogues). */
  name: string;
  /** Where a signed-out form post returns after sign-in (a GET returns to itself). */
  home: string;
  allowed(person: AreaPerson): boolean;
  /** Catalogue key of the 403 page's message. */
  deniedMessage: string;
  /** Layout data of the area: navigation, which depends on the school and the person. */
  chrome(ctx: SiteContext, person: AreaPerson): Record<string, unknown>;
  /** Catalogue keys of the messages shown after a change, by the `done` code its redirect carries (never free text). */
  notices: Record<string, string>;
};

export function sendAreaResult(res: Response, result: AreaResult): void {
  if ('redirect' in result) {
    // RFC 9700 4.11.2: every Location of the areas is a path of this school's origin (return-to.ts decides).
    const location = safeReturnTo(requestContextOf(res.req).site.origin, result.redirect, '/');
    res
      .status(303)
      .set({ Location: location, ...noStore('browser-session') })
      .end();
    return;
  }
  res.status(result.status).set(result.headers).type(result.contentType).send(result.body);
}

/**
 * The first form field or query parameter holding U+0000, named for the page (lib/nul-text.ts:
 * PostgreSQL text cannot store it, and a query carrying it would fail as a 500).
 */
function fieldWithNul(body: FormBody, query: unknown): TextKey | undefined {
  // A name may hold the NUL itself (a key is reported as such): shown with U+FFFD, and short.
  const named = (path: Array<string | number>) => String(path[0]).replaceAll('\u0000', '\uFFFD').slice(0, 100);
  const [inBody] = pathsWithNul(body);
  if (inBody) return textKey('area.error.nulField', { name: named(inBody) });
  const [inQuery] = pathsWithNul(query);
  return inQuery ? textKey('area.error.nulQuery', { name: named(inQuery) }) : undefined;
}

export function areaRoutes(services: AreaGateServices, spec: AreaSpec) {
  const flashes = createAreaFlashes(services.db);
  function base(
    ctx: SiteContext,
    session: BrowserSession | undefined,
    person: AreaPerson | undefined,
    withChrome: boolean,
  ) {
    return {
      text: siteText(ctx),
      areaName: spec.name,
      email: person?.email,
      signOutCsrf: session ? sessionCsrfToken(session, SIGN_OUT_CSRF_PURPOSE) : undefined,
      ...(withChrome && person ? spec.chrome(ctx, person) : {}),
    };
  }

  function noticeOf(code: unknown): string | undefined {
    return typeof code === 'string' && Object.hasOwn(spec.notices, code) ? spec.notices[code] : undefined;
  }

  /** A page of one message: `title` and `text` are catalogue keys (the error's own words for a person). */
  function message(
    ctx: SiteContext,
    session: BrowserSession | undefined,
    person: AreaPerson | undefined,
    status: number,
    title: string,
    text: TextKey,
  ): PageResult {
    return renderPage(
      './admin/message',
      ctx,
      { ...base(ctx, session, person, status !== 403), titleKey: title, message: text, status },
      status,
    );
  }

  function handle(purpose: string | null, handler: AreaHandler): RequestHandler {
    return async (req: Request, res: Response) => {
      const ctx = requestContextOf(req);
      let session: BrowserSession | undefined;
      let person: AreaPerson | undefined;
      try {
        session = await services.sessions.current(ctx.site, req.headers.cookie);
        if (!session) {
          const returnTo = safeReturnTo(ctx.site.origin, req.method === 'GET' ? req.originalUrl : spec.home, spec.home);
          return sendAreaResult(res, { redirect: `/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}` });
        }
        noteRequest(req, { personId: session.person_id }); // docs/operations.md "Reading the logs": the request log's person
        person = await findAreaPerson(services.db, ctx.site.id, session.person_id);
        if (!person || !spec.allowed(person))
          return sendAreaResult(
            res,
            message(ctx, session, person, 403, 'area.error.noAccess', textKey(spec.deniedMessage)),
          );
        const body = formBody(req.body);
        const held = session;
        if (
          purpose !== null &&
          !verifySessionCsrfToken(held, purpose, typeof body.csrf_token === 'string' ? body.csrf_token : undefined)
        ) {
          return sendAreaResult(
            res,
            message(ctx, session, person, 400, 'area.error.formExpired', textKey('area.error.formExpiredText')),
          );
        }
        const nul = fieldWithNul(body, req.query);
        if (nul) return sendAreaResult(res, message(ctx, session, person, 400, 'area.error.invalidInput', nul));
        const known = person;
        const call: AreaCall = {
          ctx,
          session: held,
          person: known,
          actor: { siteId: ctx.site.id, personId: known.personId, ip: ctx.clientIp },
          params: req.params as Record<string, string | undefined>,
          query: req.query,
          body,
          csrf: (p) => sessionCsrfToken(held, p),
          flash: (value) => flashes.put(held.id, value),
          takeFlash: () => flashes.take(held.id, req.query.shown),
          page: (template, data, status = 200, headers = {}) =>
            renderPage(
              template,
              ctx,
              { ...base(ctx, held, known, true), notice: noticeOf(req.query.done), ...data },
              status,
              headers,
            ),
        };
        sendAreaResult(res, await handler(call));
      } catch (error) {
        if (error instanceof AreaNotFound)
          return sendAreaResult(res, message(ctx, session, person, 404, 'area.error.notFound', error.text));
        // A section the person's roles do not reach (the same rule as the scopes of their tokens).
        if (error instanceof AreaForbidden)
          return sendAreaResult(res, message(ctx, session, person, 403, 'area.error.noAccess', error.text));
        // A change reserved to the school's owners; nothing was changed.
        if (error instanceof OwnerRequired)
          return sendAreaResult(
            res,
            message(ctx, session, person, 403, 'area.error.ownersOnly', textKey('area.error.ownerRequired')),
          );
        // An HTML page for a person, never a stack trace; the log keeps the details.
        ctx.log.error({ err: error }, `${spec.name} page failed`);
        sendAreaResult(res, message(ctx, session, person, 500, 'area.error.failed', textKey('area.error.failedText')));
      }
    };
  }

  return {
    /** A page (GET): signed in, allowed. */
    page: (handler: AreaHandler) => handle(null, handler),
    /** A form post: signed in, allowed, and carrying the CSRF token of `purpose`. */
    action: (purpose: string, handler: AreaHandler) => handle(purpose, handler),
    /** Any other path of the area: a 404 page for people allowed in, the usual gate for others. */
    notFound: () =>
      handle(null, async () => {
        throw new AreaNotFound(textKey('area.error.noPage'));
      }),
  };
}
