// Handlers of the Curriculum operations (scopes curriculum:read, curriculum:write).
import { createLecture } from './createLecture.ts';
import { createSection } from './createSection.ts';
import { deleteLecture } from './deleteLecture.ts';
import { deleteSection } from './deleteSection.ts';
import { getLecture } from './getLecture.ts';
import { getSection } from './getSection.ts';
import { listSections } from './listSections.ts';
import { moveLecture } from './moveLecture.ts';
import { reorderLectures } from './reorderLectures.ts';
import { reorderSections } from './reorderSections.ts';
import { updateLecture } from './updateLecture.ts';
import { updateSection } from './updateSection.ts';

export const curriculumHandlers = {
  listSections,
  createSection,
  getSection,
  updateSection,
  deleteSection,
  reorderSections,
  createLecture,
  reorderLectures,
  getLecture,
  updateLecture,
  deleteLecture,
  moveLecture,
};
