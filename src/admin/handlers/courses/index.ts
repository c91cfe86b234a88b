// Handlers of the Courses operations (scopes courses:read, courses:write).
import { archiveCourse } from './archiveCourse.ts';
import { createCourse } from './createCourse.ts';
import { deleteCourse } from './deleteCourse.ts';
import { getCourse } from './getCourse.ts';
import { listCourses } from './listCourses.ts';
import { publishCourse } from './publishCourse.ts';
import { updateCourse } from './updateCourse.ts';

export const courseHandlers = {
  listCourses,
  getCourse,
  createCourse,
  updateCourse,
  deleteCourse,
  publishCourse,
  archiveCourse,
};
