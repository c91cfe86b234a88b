// Handlers of the Membership plans operations (scopes membership_plans:read, membership_plans:write).
import { createMembershipPlan } from './createMembershipPlan.ts';
import { deleteMembershipPlan } from './deleteMembershipPlan.ts';
import { getMembershipPlan } from './getMembershipPlan.ts';
import { listMembershipPlans } from './listMembershipPlans.ts';
import { updateMembershipPlan } from './updateMembershipPlan.ts';

export const membershipPlanHandlers = {
  listMembershipPlans,
  createMembershipPlan,
  getMembershipPlan,
  updateMembershipPlan,
  deleteMembershipPlan,
};
