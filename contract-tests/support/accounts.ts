// The accounts and clients the suite uses. Against the server the suite starts, these are the demo
// data (README); against another deployment (CONTRACT_BASE_URL) each may be given by environment.
export const DEMO_PASSWORD = process.env.CONTRACT_PASSWORD ?? 'demo-password';

export const ACCOUNTS = {
  owner: process.env.CONTRACT_OWNER_EMAIL ?? 'owner@demo-academy.test',
  admin: process.env.CONTRACT_ADMIN_EMAIL ?? 'admin@demo-academy.test',
  lecturer: process.env.CONTRACT_LECTURER_EMAIL ?? 'lecturer@demo-academy.test',
  student: process.env.CONTRACT_STUDENT_EMAIL ?? 'student1@demo-academy.test',
  student2: process.env.CONTRACT_STUDENT2_EMAIL ?? 'student2@demo-academy.test',
  secondSchoolOwner: process.env.CONTRACT_SECOND_OWNER_EMAIL ?? 'owner@second-school.test',
} as const;

export const CLIENTS = {
  memberApp: process.env.CONTRACT_MEMBER_CLIENT_ID ?? 'demo-study-buddy',
  confidentialMemberApp: process.env.CONTRACT_CONFIDENTIAL_CLIENT_ID ?? 'demo-progress-sync',
  confidentialSecret: process.env.CONTRACT_CONFIDENTIAL_CLIENT_SECRET ?? 'demo-client-secret',
  vendorName: process.env.CONTRACT_VENDOR_NAME ?? 'Demo CRM',
  vendorClientId: process.env.CONTRACT_VENDOR_CLIENT_ID ?? 'demo-crm',
} as const;
