// The pages of the links mailed for an address (docs/security.md "Account changes"):
// /account/email/confirm/<token> (the new address, before it replaces the old one) and
// /account/email/verify/<token> (the current address). A link's page asks for a click: a GET changes
// nothing, so a mail scanner that fetches links spends none. Reached without a session (the link
// proves the mailbox), so each form carries the double-submit CSRF token sign-in uses.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import type { PersonLinkPurpose } from '../../db/schema-identity.ts';
import type { AccountLinkServices } from './account-area-services.ts';
import {
  ChangeRefused,
  confirmEmailChange,
  confirmEmailVerification,
} from '../../services/identity/account-changes.ts';
import { findLiveLink } from '../../services/identity/person-links.ts';
import { mountPreSessionForm, sendPreSessionForm } from './pre-session-pages.ts';

export function mountEmailLinks(router: Router, services: AccountLinkServices): void {
  // The identity services take what they use of this bundle (services/identity/).
  const deps = services;
  const kinds: Array<{ path: string; purpose: PersonLinkPurpose; done: string }> = [
    { path: '/email/confirm/:token', purpose: 'email_change', done: 'profile.emailChanged' },
    { path: '/email/verify/:token', purpose: 'email_verify', done: 'profile.emailVerified' },
  ];
  for (const kind of kinds) {
    const show = async (req: Request, res: Response, status = 200, message?: TextKey) => {
      const ctx = requestContextOf(req);
      const token = String(req.params.token ?? '');
      const link = message ? undefined : await findLiveLink(services.db, ctx.site, kind.purpose, token);
      if (!message && !link) {
        message = textKey('passwordReset.error.notValid');
        status = 404;
      }
      sendPreSessionForm(
        req,
        res,
        './account/email-link',
        { purpose: kind.purpose, newEmail: link?.new_email ?? '', action: req.originalUrl.split('?')[0], message },
        status,
      );
    };
    mountPreSessionForm(router, kind.path, show, async (req, res) => {
      const ctx = requestContextOf(req);
      const token = String(req.params.token ?? '');
      try {
        if (kind.purpose === 'email_change') await confirmEmailChange(deps, ctx.site, token, ctx.clientIp);
        else await confirmEmailVerification(deps, ctx.site, token);
      } catch (failure) {
        if (failure instanceof ChangeRefused) return show(req, res, 404, failure.text);
        throw failure;
      }
      return show(req, res, 200, textKey(kind.done));
    });
  }
}
