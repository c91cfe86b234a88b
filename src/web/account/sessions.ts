// "Your sessions" (/auth.md "Signing out"): the person's live browser sessions at this school,
// each with its device (from the user agent), approximate network, start and last use, the current
// one marked; "Sign out" ends one, "Sign out of all other sessions" every other one, "Sign out
// everywhere" every one including this. Ended sessions are revoked server side, so their cookies
// stop working at once. Every form carries this session's CSRF token (the area's gate checks it)
// and counts against the sign-in limit per address (services/sessions/sign-out-throttle.ts).
import { recordAuthEvent } from '../../services/audit/auth-events.ts';
import { AreaNotFound, recordChange, type Actor } from '../../services/audit/actor.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { deviceOf } from '../../services/sessions/device.ts';
import { approximateNetwork } from '../../services/sessions/network.ts';
import { SIGN_OUT_POLICY, takeSignOutAttempt } from '../../services/sessions/sign-out-throttle.ts';
import { noStore } from '../../lib/no-store.ts';
import { textKey } from '../../lib/text-key.ts';
import type { AreaCall, AreaResult } from '../areas/area-route.ts';
import { field, isUuid } from '../areas/forms.ts';
import type { AccountPageDeps } from './types.ts';

export const END_SESSION_PURPOSE = 'account:sessions:end';

export function mountAccountSessions({ router, area, services }: AccountPageDeps): void {
  router.get(
    '/sessions',
    area.page(async ({ ctx, person, session, page, csrf }) => {
      const rows = await services.sessions.list(ctx.site, person.personId);
      return page('./account/sessions', {
        titleKey: 'account.sessions.title',
        current: '/account/sessions',
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === session.id,
          device: deviceOf(row.user_agent),
          network: approximateNetwork(row.ip),
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at ?? row.created_at,
        })),
        csrfToken: csrf(END_SESSION_PURPOSE),
      });
    }),
  );

  /** The sign-in limit per address, then the change; a refusal is the area's 429 page with the usual headers. */
  async function throttled(call: AreaCall, change: () => Promise<AreaResult>): Promise<AreaResult> {
    const decision = await takeSignOutAttempt(services.rateLimiter, call.ctx.clientIp);
    if (decision.allowed) return change();
    return call.page(
      './admin/message',
      {
        titleKey: 'account.sessions.title',
        message: textKey('error.message.tooManyAttempts', { count: Math.ceil(decision.resetSeconds / 60) }),
        status: 429,
      },
      429,
      rateLimitHeaders(decision, services.rateLimiter.policy(SIGN_OUT_POLICY)),
    );
  }

  /** After this session itself ended: its cookie cleared, and the sign-in page. */
  async function signedOutHere(call: AreaCall): Promise<AreaResult> {
    const cookie = await services.sessions.end(call.ctx.site, undefined);
    return {
      status: 303,
      body: '',
      contentType: 'text/html; charset=utf-8',
      headers: { Location: '/oauth/sign-in?return_to=%2Faccount', 'Set-Cookie': cookie, ...noStore('browser-session') },
    };
  }

  const audit = async (actor: Actor, details: Record<string, unknown>) => {
    await recordChange(services.audit, actor, {
      action: 'sessions.ended',
      targetType: 'person',
      targetId: actor.personId,
      details,
    });
    // docs/operations.md "Access trail": sessions ended from the sessions page are logouts too.
    await recordAuthEvent(services.db, {
      siteId: actor.siteId,
      kind: 'logout',
      personId: actor.personId,
      ip: actor.ip,
    });
  };

  router.post(
    '/sessions/end',
    area.action(END_SESSION_PURPOSE, (call) =>
      throttled(call, async () => {
        const { ctx, person, session, actor, body } = call;
        const id = field(body, 'session');
        // Another person's session, an ended one or no session at all: the same answer, nothing ended.
        if (!isUuid(id) || !(await services.sessions.endOne(ctx.site, person.personId, id)))
          throw new AreaNotFound(textKey('account.sessions.gone'));
        await audit(actor, { count: 1, current: id === session.id });
        return id === session.id ? signedOutHere(call) : { redirect: '/account/sessions?done=sessionEnded' };
      }),
    ),
  );

  router.post(
    '/sessions/end-others',
    area.action(END_SESSION_PURPOSE, (call) =>
      throttled(call, async () => {
        const count = await services.sessions.endAll(call.ctx.site, call.person.personId, call.session);
        await audit(call.actor, { count, current: false });
        return { redirect: '/account/sessions?done=othersEnded' };
      }),
    ),
  );

  router.post(
    '/sessions/end-all',
    area.action(END_SESSION_PURPOSE, (call) =>
      throttled(call, async () => {
        const count = await services.sessions.endAll(call.ctx.site, call.person.personId, undefined);
        await audit(call.actor, { count, current: true });
        return signedOutHere(call);
      }),
    ),
  );
}
