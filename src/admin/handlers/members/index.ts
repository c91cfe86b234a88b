// Handlers of the Members operations: people with any role at the school (scopes members:read,
// members:write).
import { getMember } from './getMember.ts';
import { inviteMember } from './inviteMember.ts';
import { listMembers } from './listMembers.ts';
import { removeMember } from './removeMember.ts';
import { resendMemberInvitation } from './resendMemberInvitation.ts';
import { setMemberRoles } from './setMemberRoles.ts';

export const memberHandlers = {
  listMembers,
  getMember,
  inviteMember,
  resendMemberInvitation,
  setMemberRoles,
  removeMember,
};
