// Handlers of the School settings operations (scopes school:read, school:write).
import { getSchool } from './getSchool.ts';
import { updateSchool } from './updateSchool.ts';

export const schoolHandlers = { getSchool, updateSchool };
