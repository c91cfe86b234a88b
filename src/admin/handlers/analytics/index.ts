// Handlers of the Analytics operations (scope analytics:read).
import { getRevenueReport } from './getRevenueReport.ts';
import { listCompletionRates } from './listCompletionRates.ts';
import { listEnrollmentsByCourse } from './listEnrollmentsByCourse.ts';

export const analyticsHandlers = { getRevenueReport, listEnrollmentsByCourse, listCompletionRates };
