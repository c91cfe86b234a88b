// What every account page shares: anyone with a role at THIS school may enter (students
// included), the navigation, and the notices shown after a change.
import { isOperator, type AreaPerson } from '../../services/audit/actor.ts';
import type { AreaSpec } from '../areas/area-route.ts';

// docs/development.md "Page languages": notices, names and labels are catalogue keys; the layout says them in the school's language.
export const ACCOUNT_NOTICES: Record<string, string> = {
  revoked: 'account.notice.revoked',
  sessionEnded: 'account.notice.sessionEnded',
  othersEnded: 'account.notice.othersEnded',
  nameChanged: 'profile.notice.nameChanged',
  passwordChanged: 'profile.notice.passwordChanged',
  emailLinkSent: 'profile.notice.emailLinkSent',
  verifyLinkSent: 'profile.notice.verifyLinkSent',
  lectureCompleted: 'memberArea.notice.lectureCompleted',
  registrationCancelled: 'memberArea.notice.registrationCancelled',
};

export const accountSpec: AreaSpec = {
  name: 'account.title',
  home: '/account',
  allowed: (person: AreaPerson) => person.roles.length > 0,
  deniedMessage: 'account.denied',
  notices: ACCOUNT_NOTICES,
  chrome: (_ctx, person) => ({
    nav: [
      { href: '/account', label: 'account.nav.home' },
      { href: '/account/connected-apps', label: 'account.apps.title' },
      { href: '/account/sessions', label: 'account.sessions.title' },
      { href: '/account/profile', label: 'profile.title' },
      ...(person.roles.includes('lecturer') ? [{ href: '/account/teaching', label: 'memberArea.teaching.title' }] : []),
      ...(isOperator(person.roles) ? [{ href: '/admin', label: 'account.nav.admin' }] : []),
    ],
  }),
};
