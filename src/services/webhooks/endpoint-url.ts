// Which URLs an endpoint may have. The receiver is chosen by an operator token, and the service
// then POSTs to it from inside the deployment: the same SSRF rules as Client ID Metadata Document
// fetches apply (lib/net/address-policy.ts). Here, when the endpoint is created or
// changed, only what the URL itself says is checked: https (RFC 9110 4.2.2), no credentials, no
// fragment, and no IP literal in a special-use range; a host name is resolved and checked again at
// every delivery (webhook-post.ts), so a name that later resolves inward is refused then.
// Development (WEBHOOK_ALLOW_PRIVATE_ADDRESSES) also admits http to loopback and private addresses.
import { isIP } from 'node:net';
import { isSpecialUseAddress } from '../../lib/net/address-policy.ts';
import { RuleViolation } from '../errors.ts';

export function checkEndpointUrl(value: string, allowPrivateAddresses: boolean, pointer = '/body/url'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw RuleViolation.at(pointer, 'is not an absolute URL');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host) !== 0;
  if (url.protocol !== 'https:' && !(allowPrivateAddresses && url.protocol === 'http:'))
    throw RuleViolation.at(pointer, 'must be an https URL');
  if (url.username || url.password) throw RuleViolation.at(pointer, 'must not carry a user name or password');
  if (url.hash) throw RuleViolation.at(pointer, 'must not have a fragment');
  if (!allowPrivateAddresses && (host === 'localhost' || host.endsWith('.localhost')))
    throw RuleViolation.at(pointer, 'must not name a loopback host');
  if (!allowPrivateAddresses && literal && isSpecialUseAddress(host))
    throw RuleViolation.at(pointer, 'must not name a loopback, private or other special-use address');
  return url.href;
}
