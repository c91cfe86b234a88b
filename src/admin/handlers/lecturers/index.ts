// Handlers of the Lecturers operations (scopes lecturers:read, lecturers:write).
import { assignLecturer } from './assignLecturer.ts';
import { createLecturer } from './createLecturer.ts';
import { deleteLecturer } from './deleteLecturer.ts';
import { getLecturer } from './getLecturer.ts';
import { listCourseLecturers } from './listCourseLecturers.ts';
import { listLecturers } from './listLecturers.ts';
import { unassignLecturer } from './unassignLecturer.ts';
import { updateLecturer } from './updateLecturer.ts';

export const lecturerHandlers = {
  listLecturers,
  createLecturer,
  getLecturer,
  updateLecturer,
  deleteLecturer,
  listCourseLecturers,
  assignLecturer,
  unassignLecturer,
};
