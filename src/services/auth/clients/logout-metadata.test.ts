import { describe, expect, it } from 'vitest';
import { checkBackchannelLogoutUri, checkPostLogoutRedirectUris, LogoutMetadataError } from './logout-metadata.ts';

describe('logout metadata (RP-Initiated Logout 1.0 3.1, Back-Channel Logout 1.0 2.2)', () => {
  it('post_logout_redirect_uris: absolute, no fragment, https or loopback http', () => {
    expect(
      checkPostLogoutRedirectUris(['https://app.example/bye', 'http://127.0.0.1:8080/bye'], { loopbackOnly: false }),
    ).toEqual(['https://app.example/bye', 'http://127.0.0.1:8080/bye']);
    for (const bad of ['http://app.example/bye', 'https://app.example/bye#x', '/bye', 'https://u:p@app.example/'])
      expect(() => checkPostLogoutRedirectUris([bad], { loopbackOnly: false }), bad).toThrow(LogoutMetadataError);
    expect(() => checkPostLogoutRedirectUris(['https://app.example/bye'], { loopbackOnly: true })).toThrow(
      LogoutMetadataError,
    );
  });

  it('backchannel_logout_uri: https, a query allowed, no fragment; http only where development addresses are', () => {
    expect(checkBackchannelLogoutUri('https://app.example/logout?x=1', { allowHttp: false })).toBe(
      'https://app.example/logout?x=1',
    );
    expect(checkBackchannelLogoutUri(null, { allowHttp: false })).toBeNull();
    expect(() => checkBackchannelLogoutUri('https://app.example/logout#f', { allowHttp: false })).toThrow(
      LogoutMetadataError,
    );
    expect(() => checkBackchannelLogoutUri('http://127.0.0.1:9/logout', { allowHttp: false })).toThrow(
      LogoutMetadataError,
    );
    expect(checkBackchannelLogoutUri('http://127.0.0.1:9/logout', { allowHttp: true })).toBe(
      'http://127.0.0.1:9/logout',
    );
    expect(() => checkBackchannelLogoutUri('ftp://app.example/', { allowHttp: true })).toThrow(LogoutMetadataError);
  });
});
