// The token endpoint's grants (RFC 6749 4.1.3, 6): each grant_type is an ordered list of named
// steps (steps.ts), each with the rule it keeps. The token endpoint looks the request's grant_type
// up here; metadata.ts advertises the same names (grant_types_supported).
import { InvalidRequest, UnsupportedGrantType } from '../errors.ts';
import {
  checkCodeClient,
  checkCodeUnexpired,
  checkPkce,
  checkRedirectUri,
  checkResource,
  checkStanding,
  consumeCode,
  issueCodeTokens,
  issueIdToken,
  noteExchanged,
  requireCodeParameters,
  startGrant,
  type CodeExchange,
} from './authorization-code.ts';
import { checkClientMayUseGrant, grantOf, type Grant } from './grant.ts';
import {
  deriveSuccessors,
  readRequestedScope,
  requireRefreshToken,
  rotateCommonCase,
  type RefreshExchange,
} from './refresh-token.ts';
import {
  answerRetryOrEndFamily,
  checkResourceKept,
  checkScopeWithinGrant,
  checkTokenActive,
  lockFamily,
  rotateUnderLock,
  settleStanding,
} from './refresh-under-lock.ts';
import { inOneTransaction } from './steps.ts';

const GRANTS: ReadonlyMap<string, Grant> = new Map([
  [
    'authorization_code',
    grantOf<CodeExchange>(
      requireCodeParameters,
      checkClientMayUseGrant,
      inOneTransaction(
        consumeCode,
        checkCodeUnexpired,
        checkCodeClient,
        checkRedirectUri,
        checkPkce,
        checkResource,
        checkStanding,
        startGrant,
        issueCodeTokens,
      ),
      noteExchanged,
      issueIdToken,
    ),
  ],
  [
    'refresh_token',
    grantOf<RefreshExchange>(
      requireRefreshToken,
      checkClientMayUseGrant,
      readRequestedScope,
      deriveSuccessors,
      rotateCommonCase,
      inOneTransaction(
        lockFamily,
        settleStanding,
        answerRetryOrEndFamily,
        checkTokenActive,
        checkScopeWithinGrant,
        checkResourceKept,
        rotateUnderLock,
      ),
    ),
  ],
]);

/** RFC 6749 5.2: the grant a request names, else `invalid_request` (none) or `unsupported_grant_type`. */
export function grantFor(grantType: string | undefined): Grant {
  if (!grantType) throw new InvalidRequest('grant_type is required.');
  const grant = GRANTS.get(grantType);
  if (!grant)
    throw new UnsupportedGrantType(
      `The grant type ${grantType} is not supported; use ${[...GRANTS.keys()].join(' or ')}.`,
    );
  return grant;
}
