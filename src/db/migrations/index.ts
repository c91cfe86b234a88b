// The ordered list of migrations. Names sort by their timestamp prefix, which is the order kysely
// runs them in; append new entries, never rename or remove one that has landed.
// Kysely 0.29 moved the migration API to its own entry point; 'kysely' only re-exports error types.
import type { Migration } from 'kysely/migration';
import * as schoolDomain from './2026-11-22T0001-school-domain.ts';
import * as oauth from './2026-11-22T0002-oauth.ts';
import * as grantLifetimes from './2026-11-25T0001-grant-lifetimes.ts';
import * as sanitiseSchoolHtml from './2026-11-25T0003-sanitise-school-html.ts';
import * as schoolInvitations from './2026-11-25T0005-school-invitations.ts';
import * as webhooks from './2026-11-27T0001-webhooks.ts';
import * as orderSources from './2026-11-27T0002-order-sources.ts';
import * as webhookDisabledAt from './2026-11-27T0003-webhook-disabled-at.ts';
import * as webhookHistoryPurge from './2026-11-27T0004-webhook-history-purge.ts';
import * as tokenGrantKeys from './2026-11-27T0005-token-grant-keys.ts';
import * as oneLiveRefreshToken from './2026-11-28T0001-one-live-refresh-token.ts';
import * as courseListOrder from './2026-11-28T0002-course-list-order.ts';
import * as schoolMembers from './2026-12-01T0001-school-members.ts';
import * as enrollmentListOrder from './2026-12-01T0002-enrollment-list-order.ts';
import * as listOrderIndexes from './2026-12-01T0003-list-order-indexes.ts';
import * as foreignKeyIndexes from './2026-12-01T0004-foreign-key-indexes.ts';
import * as webhookErrorClasses from './2026-12-06T0101-webhook-error-classes.ts';
import * as webhookEndpointOwners from './2026-12-06T0102-webhook-endpoint-owners.ts';
import * as oneOfEach from './2026-12-06T0201-one-of-each.ts';
import * as authEvents from './2026-12-06T0301-auth-events.ts';
import * as outboxMessages from './2026-12-06T0301-outbox-messages.ts';
import * as personLinks from './2026-12-06T0302-person-links.ts';
import * as sessionsAndLogout from './2026-12-06T0401-sessions-and-logout.ts';
import * as webhookDeliveryAttempts from './2026-12-06T0601-webhook-delivery-attempts.ts';
import * as timeDrivenEvents from './2026-12-06T0701-time-driven-events.ts';
import * as invitationCancelled from './2026-12-06T0901-invitation-cancelled.ts';
import * as areaFlashes from './2026-12-06T1101-area-flashes.ts';
import * as webhookDeliverySlots from './2026-12-07T0101-webhook-delivery-slots.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-school-domain': schoolDomain,
  '2026-11-22T0002-oauth': oauth,
  '2026-11-25T0001-grant-lifetimes': grantLifetimes,
  '2026-11-25T0003-sanitise-school-html': sanitiseSchoolHtml,
  '2026-11-25T0005-school-invitations': schoolInvitations,
  '2026-11-27T0001-webhooks': webhooks,
  '2026-11-27T0002-order-sources': orderSources,
  '2026-11-27T0003-webhook-disabled-at': webhookDisabledAt,
  '2026-11-27T0004-webhook-history-purge': webhookHistoryPurge,
  '2026-11-27T0005-token-grant-keys': tokenGrantKeys,
  '2026-11-28T0001-one-live-refresh-token': oneLiveRefreshToken,
  '2026-11-28T0002-course-list-order': courseListOrder,
  '2026-12-01T0001-school-members': schoolMembers,
  '2026-12-01T0002-enrollment-list-order': enrollmentListOrder,
  '2026-12-01T0003-list-order-indexes': listOrderIndexes,
  '2026-12-01T0004-foreign-key-indexes': foreignKeyIndexes,
  '2026-12-06T0101-webhook-error-classes': webhookErrorClasses,
  '2026-12-06T0102-webhook-endpoint-owners': webhookEndpointOwners,
  '2026-12-06T0201-one-of-each': oneOfEach,
  '2026-12-06T0301-auth-events': authEvents,
  '2026-12-06T0301-outbox-messages': outboxMessages,
  '2026-12-06T0302-person-links': personLinks,
  '2026-12-06T0401-sessions-and-logout': sessionsAndLogout,
  '2026-12-06T0601-webhook-delivery-attempts': webhookDeliveryAttempts,
  '2026-12-06T0701-time-driven-events': timeDrivenEvents,
  '2026-12-06T0901-invitation-cancelled': invitationCancelled,
  '2026-12-06T1101-area-flashes': areaFlashes,
  '2026-12-07T0101-webhook-delivery-slots': webhookDeliverySlots,
};
