import { describe, expect, it } from 'vitest';
import type { OutlineLectureRow } from '../../db/repositories/account-course-outline.ts';
import { outlineOf } from './own-course-outline.ts';

const row = (section: string, lecture: string, completed: boolean): OutlineLectureRow => ({
  section_id: section,
  section_title: `Section ${section}`,
  lecture_id: lecture,
  title: `Lecture ${lecture}`,
  content_type: 'video',
  duration_seconds: 60,
  completed_at: completed ? new Date() : null,
  position_seconds: 0,
});

describe('a course outline (account area: "continue where you stopped")', () => {
  it('groups lectures by section in curriculum order', () => {
    const outline = outlineOf([row('a', '1', true), row('a', '2', false), row('b', '3', false)]);
    expect(outline.sections.map((s) => [s.id, s.lectures.map((l) => l.id)])).toEqual([
      ['a', ['1', '2']],
      ['b', ['3']],
    ]);
  });

  it('continues at the first lecture not completed, even when a later one is done', () => {
    expect(outlineOf([row('a', '1', true), row('a', '2', false), row('b', '3', true)]).continueLecture?.id).toBe('2');
  });

  it('has nowhere to continue once every lecture is completed, or when there are none', () => {
    expect(outlineOf([row('a', '1', true)]).continueLecture).toBeNull();
    expect(outlineOf([])).toEqual({ sections: [], continueLecture: null });
  });
});
