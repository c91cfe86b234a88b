// The fields of the OAuth application form (new and edit), read from the body and offered back
// to the template, with the member scopes a school may give (/auth.md "Scopes", member audience).
import { MEMBER_SCOPES } from '../../services/auth/scopes.ts';
import { mcpConnectionsEnabled } from '../../services/school/beta-features.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import type { Site } from '../../services/school/sites.ts';
import { field, fieldValues, isUuid, lines, type FormBody } from '../areas/forms.ts';
import { MCP_SECTION_OFF } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export type ApplicationForm = {
  name: string;
  redirectUris: string[];
  scopes: string[];
  confidential: boolean;
  /** RP-Initiated Logout 1.0 3.1 and Back-Channel Logout 1.0 2.2 (/auth.md "Signing out"). */
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
};

/** The scope names offered; the template shows each with its meaning in the school's language (scope.<name>). */
export const SCOPE_CHOICES: readonly string[] = MEMBER_SCOPES;

export function readApplicationForm(body: FormBody): ApplicationForm {
  return {
    name: field(body, 'name') ?? '',
    redirectUris: lines(field(body, 'redirect_uris')),
    // Unknown names are kept so that the rules in manage-clients.ts refuse them with a message.
    scopes: [...new Set(fieldValues(body, 'scope'))],
    confidential: field(body, 'client_type') === 'confidential',
    postLogoutRedirectUris: lines(field(body, 'post_logout_redirect_uris')),
    backchannelLogoutUri: field(body, 'backchannel_logout_uri')?.trim() || null,
  };
}

/** The values the form template shows. */
export function formValues(form: ApplicationForm) {
  return {
    name: form.name,
    redirectUris: form.redirectUris.join('\n'),
    scopes: form.scopes,
    confidential: form.confidential,
    scopeChoices: SCOPE_CHOICES,
    postLogoutRedirectUris: form.postLogoutRedirectUris.join('\n'),
    backchannelLogoutUri: form.backchannelLogoutUri ?? '',
  };
}

/** Applications are part of the MCP connections beta: off, the routes answer 404. */
export function requireMcpSection(site: Site): void {
  if (!mcpConnectionsEnabled(site)) throw new AreaNotFound(MCP_SECTION_OFF);
}

/** The :id of an application route; anything but a UUID names no application. */
export function appId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('admin.applications.error.noSuchApp'));
  return id;
}
