import type {
  ListStudentEnrollmentsData,
  ListStudentEnrollmentsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listStudentEnrollments: AdminApiHandler<
  ListStudentEnrollmentsData,
  ListStudentEnrollmentsResponses
> = async ({ path, query }, { site, services }) => ({
  status: 200,
  body: await services.admin.enrollments.listForStudent(site, path.person_id, query),
});
