// moveCourse, the one statement of a publish or an archive (OpenAPI publishCourse, archiveCourse):
// one of concurrent calls changes the course, publishing keeps the first publication's time and
// clears the archive's, archiving stamps it, and the row it returns is the row as read back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { findCourse, insertCourse, moveCourse } from './courses.ts';

let test: TestDatabase;
let academy: string;
let other: string;
beforeAll(async () => {
  test = await createTestDatabase();
  academy = await insertTestSite(test.db, 'moves-academy');
  other = await insertTestSite(test.db, 'moves-other');
});
afterAll(() => test.drop());

const draft = async () =>
  insertCourse(test.db, { site_id: academy, title: 'Moves', slug: `moves-${randomUUID()}`, currency: 'USD' });

describe('moveCourse', () => {
  it('publishes, archives and publishes again: the first publication time stays, the archive time goes', async () => {
    const course = await draft();
    const published = await moveCourse(test.db, academy, course.id, 'published');
    expect(published).toMatchObject({ status: 'published', archived_at: null });
    expect(published!.published_at).toBeInstanceOf(Date);
    expect(published).toEqual(await findCourse(test.db, academy, course.id));

    const archived = await moveCourse(test.db, academy, course.id, 'archived');
    expect(archived).toMatchObject({ status: 'archived', published_at: published!.published_at });
    expect(archived!.archived_at).toBeInstanceOf(Date);
    expect(archived).toEqual(await findCourse(test.db, academy, course.id));

    const again = await moveCourse(test.db, academy, course.id, 'published');
    expect(again).toMatchObject({ status: 'published', published_at: published!.published_at, archived_at: null });
    expect(again).toEqual(await findCourse(test.db, academy, course.id));
  });

  it('changes nothing when the course is in that status already, or at another school', async () => {
    const course = await draft();
    expect(await moveCourse(test.db, academy, course.id, 'published')).toBeDefined();
    expect(await moveCourse(test.db, academy, course.id, 'published')).toBeUndefined();
    expect(await moveCourse(test.db, other, course.id, 'archived')).toBeUndefined();
    expect(await findCourse(test.db, academy, course.id)).toMatchObject({ status: 'published', archived_at: null });
  });

  it('of two concurrent publishes, exactly one changes the course', async () => {
    const course = await draft();
    const moves = await Promise.all([
      moveCourse(test.db, academy, course.id, 'published'),
      moveCourse(test.db, academy, course.id, 'published'),
    ]);
    expect(moves.filter((row) => row !== undefined)).toHaveLength(1);
  });
});
