// The page at an invitation's accept link, /account/invitations/<token>. It is
// reached before the person has a role here (so it is not behind the account area's gate) and
// often before they have a session: the form carries a double-submit CSRF token, as sign-in does.
// Accepting proves the person (services/invitations.ts), adds the role, and signs them in here.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { pathsWithNul } from '../../lib/nul-text.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { PasswordHashingBusy } from '../../lib/password-hash.ts';
import type { AccountAreaServices } from './account-area-services.ts';
import {
  acceptInvitation,
  declineInvitation,
  findOpenInvitation,
  InvitationRefused,
  InvitationThrottled,
  InvitationUnavailable,
  PASSWORD_LENGTH,
} from '../../services/people/invitations.ts';
import { field } from '../areas/forms.ts';
import {
  mountPreSessionForm,
  sendHashingBusy,
  sendLinkMessage,
  sendPreSessionForm,
  sendTooManyAttempts,
  signInFromLink,
} from './pre-session-pages.ts';

export function mountAccountInvitations(
  router: Router,
  services: Pick<AccountAreaServices, 'db' | 'rateLimiter' | 'audit' | 'sessions'>,
): void {
  const deps = { db: services.db, rateLimiter: services.rateLimiter, audit: services.audit };

  async function show(req: Request, res: Response, status = 200, error?: TextKey): Promise<void> {
    const ctx = requestContextOf(req);
    const { site } = ctx;
    const token = String(req.params.token ?? '');
    try {
      const invitation = await findOpenInvitation(services.db, site, token);
      sendPreSessionForm(
        req,
        res,
        './account/invitation',
        {
          action: req.originalUrl.split('?')[0],
          email: invitation.email,
          role: invitation.role,
          name: invitation.name,
          minLength: PASSWORD_LENGTH.min,
          error,
        },
        status,
      );
    } catch (failure) {
      if (!(failure instanceof InvitationUnavailable)) throw failure;
      sendLinkMessage(req, res, './account/invitation', { message: failure.text }, 404);
    }
  }

  mountPreSessionForm(router, '/invitations/:token', show, async (req, res, body) => {
    const ctx = requestContextOf(req);
    const token = String(req.params.token ?? '');
    // Text the database cannot hold (lib/nul-text.ts), or a name longer than the API allows: a 400 page, never a 500.
    if (pathsWithNul(body).length > 0 || (field(body, 'name') ?? '').length > 200)
      return show(req, res, 400, textKey('invitation.error.badText', { max: 200 }));
    try {
      if (field(body, 'decision') === 'decline') {
        await declineInvitation(deps, ctx.site, token, ctx.clientIp);
        return sendLinkMessage(req, res, './account/invitation', {
          message: textKey('invitation.declined', { school: ctx.site.name }),
        });
      }
      const personId = await acceptInvitation(
        deps,
        ctx.site,
        token,
        { password: field(body, 'password') ?? '', name: field(body, 'name') },
        ctx.clientIp,
      );
      await signInFromLink(services, req, res, personId);
    } catch (failure) {
      if (failure instanceof InvitationRefused) return show(req, res, 401, failure.text);
      if (failure instanceof InvitationThrottled)
        return sendTooManyAttempts(req, res, './account/invitation', services, failure.decision, failure.policy);
      if (failure instanceof InvitationUnavailable) return show(req, res);
      if (failure instanceof PasswordHashingBusy) return sendHashingBusy(req, res, './account/invitation', failure);
      throw failure;
    }
  });
}
