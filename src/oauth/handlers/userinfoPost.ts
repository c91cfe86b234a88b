import { userinfo } from './userinfo.ts';

/** OIDC Core 5.3.1: UserInfo also answers POST, with the same bearer token rules. */
export const userinfoPost = userinfo;
