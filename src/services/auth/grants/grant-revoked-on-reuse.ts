// The invalid_grant a grant answers when a reused credential made it end its own family: a code
// used twice (RFC 6749 4.1.2) or a rotated refresh token presented again (RFC 9700 4.14.2). It
// names the grant it ended, so the token endpoint, which knows the caller's address, can write the
// audit entry (the audit log: a revocation that signals a stolen credential must leave a trace).
import { InvalidGrant } from '../errors.ts';

/** `ended`: this reuse ended the grant (a later reuse finds it ended already and ends nothing). */
export type RevokedGrant = { grantId: string; personId: string; reason: string; ended: boolean };

export class GrantRevokedOnReuse extends InvalidGrant {
  readonly revoked: RevokedGrant;

  constructor(description: string, revoked: RevokedGrant) {
    super(description);
    this.revoked = revoked;
  }
}
