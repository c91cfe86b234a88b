// Handlers of the administrative REST API, one folder per scope family (spec/openapi/admin/).
import { courseHandlers } from './courses/index.ts';

export const adminHandlers = {
  ...courseHandlers,
};
