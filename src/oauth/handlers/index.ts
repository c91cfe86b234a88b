// Handlers of the authorization server's operations (tags Discovery and OAuth).
import { authorize } from './authorize.ts';
import { decideAuthorization } from './decideAuthorization.ts';
import { endSession } from './endSession.ts';
import { endSessionPost } from './endSessionPost.ts';
import { getAccountProtectedResourceMetadata } from './getAccountProtectedResourceMetadata.ts';
import { getAuthorizationServerMetadata } from './getAuthorizationServerMetadata.ts';
import { getJwks } from './getJwks.ts';
import { getMcpProtectedResourceMetadata } from './getMcpProtectedResourceMetadata.ts';
import { getOpenIdConfiguration } from './getOpenIdConfiguration.ts';
import { getProtectedResourceMetadata } from './getProtectedResourceMetadata.ts';
import { getSignInPage } from './getSignInPage.ts';
import { introspect } from './introspect.ts';
import { registerClient } from './registerClient.ts';
import { revoke } from './revoke.ts';
import { signOut } from './signOut.ts';
import { submitSignIn } from './submitSignIn.ts';
import { token } from './token.ts';
import { userinfo } from './userinfo.ts';
import { userinfoPost } from './userinfoPost.ts';

export const oauthHandlers = {
  getAuthorizationServerMetadata,
  getOpenIdConfiguration,
  getProtectedResourceMetadata,
  getMcpProtectedResourceMetadata,
  getAccountProtectedResourceMetadata,
  getJwks,
  authorize,
  decideAuthorization,
  getSignInPage,
  submitSignIn,
  signOut,
  endSession,
  endSessionPost,
  token,
  userinfo,
  userinfoPost,
  revoke,
  introspect,
  registerClient,
};
