// The curriculum family (scopes curriculum:read, curriculum:write): sections and lectures of a
// course, one service with the operations of both (rules in curriculum-sections.ts and
// curriculum-lectures.ts, shared shapes and locking in curriculum-shapes.ts).
import type { Db } from '../../db/database.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import { createLectureAdmin } from './curriculum-lectures.ts';
import { createSectionAdmin } from './curriculum-sections.ts';

export function createCurriculumAdmin(db: Db, cursors: CursorCodec) {
  return { ...createSectionAdmin(db, cursors), ...createLectureAdmin(db) };
}

export type CurriculumAdmin = ReturnType<typeof createCurriculumAdmin>;
