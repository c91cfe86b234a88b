// Every kind of outbox message, in this one file: each kind has one sender, given to the outbox
// worker by process/serve.ts. `mail`: a mail to a person (services/mail/); `backchannel_logout`: a
// logout token to a client (OpenID Connect Back-Channel Logout 1.0).
export const OUTBOX_KINDS = ['mail', 'backchannel_logout'] as const;

export type OutboxKind = (typeof OUTBOX_KINDS)[number];
