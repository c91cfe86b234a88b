// One enrolled course as its member studies it (the account area's course page): the published
// lectures by section with this member's progress, and where to continue, the first lecture in
// curriculum order not yet completed (none once every lecture is done).
import type { OutlineLectureRow } from '../../db/repositories/account-course-outline.ts';
import type { LectureContentType } from '../../db/schema.ts';

export type OutlineLecture = {
  id: string;
  title: string;
  contentType: LectureContentType;
  durationSeconds: number;
  completed: boolean;
  positionSeconds: number;
};
export type OutlineSection = { id: string; title: string; lectures: OutlineLecture[] };
export type CourseOutline = { sections: OutlineSection[]; continueLecture: OutlineLecture | null };

export function toOutlineLecture(row: OutlineLectureRow): OutlineLecture {
  return {
    id: row.lecture_id,
    title: row.title,
    contentType: row.content_type,
    durationSeconds: row.duration_seconds,
    completed: row.completed_at !== null,
    positionSeconds: row.position_seconds,
  };
}

/** Rows in curriculum order (the repository's) become sections in that order. */
export function outlineOf(rows: readonly OutlineLectureRow[]): CourseOutline {
  const sections: OutlineSection[] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (section?.id !== row.section_id) {
      section = { id: row.section_id, title: row.section_title, lectures: [] };
      sections.push(section);
    }
    section.lectures.push(toOutlineLecture(row));
  }
  const continueLecture = sections.flatMap((s) => s.lectures).find((lecture) => !lecture.completed) ?? null;
  return { sections, continueLecture };
}
