// Handlers of the Webhooks operations (scopes webhooks:read, webhooks:write).
import { createWebhookEndpoint } from './createWebhookEndpoint.ts';
import { deleteWebhookEndpoint } from './deleteWebhookEndpoint.ts';
import { getWebhookDelivery } from './getWebhookDelivery.ts';
import { getWebhookEndpoint } from './getWebhookEndpoint.ts';
import { getWebhookEvent } from './getWebhookEvent.ts';
import { listWebhookDeliveries } from './listWebhookDeliveries.ts';
import { listWebhookEndpoints } from './listWebhookEndpoints.ts';
import { listWebhookEvents } from './listWebhookEvents.ts';
import { recoverWebhookEndpoint } from './recoverWebhookEndpoint.ts';
import { redeliverWebhookDelivery } from './redeliverWebhookDelivery.ts';
import { rotateWebhookSecret } from './rotateWebhookSecret.ts';
import { sendWebhookTestEvent } from './sendWebhookTestEvent.ts';
import { updateWebhookEndpoint } from './updateWebhookEndpoint.ts';

export const webhookHandlers = {
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  listWebhookDeliveries,
  getWebhookDelivery,
  redeliverWebhookDelivery,
  recoverWebhookEndpoint,
  listWebhookEvents,
  getWebhookEvent,
};
