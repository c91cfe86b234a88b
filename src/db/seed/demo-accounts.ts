// The people the demo schools are seeded with, for the README, the sign-in page hint and tests.
// Identities are global: the same e-mail listed under two sites is one person with two roles.
import type { SiteRole } from '../schema.ts';

/** Every demo account signs in with this password. Demo data only: never seed it in production. */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  email: string;
  name: string;
  role: SiteRole;
  siteSlug: 'demo-academy' | 'second-school';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'owner@demo-academy.test', name: 'Olivia Bennett', role: 'owner', siteSlug: 'demo-academy' },
  { email: 'admin@demo-academy.test', name: 'Marcus Reed', role: 'admin', siteSlug: 'demo-academy' },
  { email: 'lecturer@demo-academy.test', name: 'Priya Natarajan', role: 'lecturer', siteSlug: 'demo-academy' },
  { email: 'student1@demo-academy.test', name: 'Sam Carter', role: 'student', siteSlug: 'demo-academy' },
  { email: 'student2@demo-academy.test', name: 'Jordan Lee', role: 'student', siteSlug: 'demo-academy' },
  { email: 'owner@second-school.test', name: 'Katharina Vogel', role: 'owner', siteSlug: 'second-school' },
  { email: 'admin@second-school.test', name: 'Jonas Weber', role: 'admin', siteSlug: 'second-school' },
  { email: 'lecturer@second-school.test', name: 'Lena Hoffmann', role: 'lecturer', siteSlug: 'second-school' },
  { email: 'student1@second-school.test', name: 'Mia Schneider', role: 'student', siteSlug: 'second-school' },
  { email: 'student2@second-school.test', name: 'Felix Wagner', role: 'student', siteSlug: 'second-school' },
  // One identity at two schools: its enrollments, orders and progress stay separate per site.
  { email: 'student1@demo-academy.test', name: 'Sam Carter', role: 'student', siteSlug: 'second-school' },
];
