// What every account page shares: anyone with a role at THIS school may enter (students
// included), the navigation, and the notices shown after a change.
import { isOperator, type AreaPerson } from '../../services/admin-area/actor.ts';
import type { AreaSpec } from '../areas/area-route.ts';

export const ACCOUNT_NOTICES: Record<string, string> = {
  revoked: 'Access revoked. The application can no longer use your account; it must ask you again.',
};

export const accountSpec: AreaSpec = {
  name: 'Your account',
  home: '/account',
  allowed: (person: AreaPerson) => person.roles.length > 0,
  deniedMessage: 'You have no role at this school, so there is no account here for you.',
  notices: ACCOUNT_NOTICES,
  chrome: (_ctx, person) => ({
    nav: [
      { href: '/account', label: 'Account' },
      { href: '/account/connected-apps', label: 'Connected applications' },
      ...(isOperator(person.roles) ? [{ href: '/admin', label: 'School admin' }] : []),
    ],
  }),
};
