// What the curriculum pages share: the section and lecture forms read from the body and turned
// into the bodies of the admin API's createSection/updateSection and createLecture/updateLecture
// (OpenAPI SectionCreate, LectureCreate, …), checked by the same schemas; the ids in their paths;
// the words of a lecture's type and status; and "move up/down" as the full new order the
// reorder operations take (PUT semantics: the whole list, so a repeated post changes nothing more).
import { AreaNotFound } from '../../services/audit/actor.ts';
import type { LectureInput } from '../../services/courses/curriculum-lectures.ts';
import type { SectionInput } from '../../services/courses/curriculum-sections.ts';
import type { LectureContentType } from '../../db/schema.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { checked, field, isUuid, type FormBody } from '../areas/forms.ts';
import { checkRequestBody } from './request-body-check.ts';
import { ruleErrors, type FieldErrors } from './field-errors.ts';

export const CURRICULUM_PURPOSES = {
  sectionCreate: 'admin:curriculum:section-create',
  sectionEdit: 'admin:curriculum:section-edit',
  sectionDelete: 'admin:curriculum:section-delete',
  sectionMove: 'admin:curriculum:section-move',
  lectureCreate: 'admin:curriculum:lecture-create',
  lectureEdit: 'admin:curriculum:lecture-edit',
  lectureDelete: 'admin:curriculum:lecture-delete',
  lectureMove: 'admin:curriculum:lecture-move',
} as const;

/** OpenAPI ContentType, each with its words (adminCourses.contentType.<type>). */
export const CONTENT_TYPES: readonly LectureContentType[] = [
  'video',
  'audio',
  'pdf',
  'text',
  'embed_link',
  'external_link',
];

/** Catalogue keys of a lecture's status (OpenAPI Lecture `status`). */
export const LECTURE_STATUS: Record<string, string> = {
  draft: 'adminCourses.lectureStatus.draft',
  published: 'adminCourses.lectureStatus.published',
};

export type SectionFormValues = { title: string; description: string };
export type LectureFormValues = {
  title: string;
  content_type: string;
  content: string;
  duration_seconds: string;
  is_free_preview: boolean;
  status: string;
};

export function sectionFormValues(section?: { title: string; description: string | null }): SectionFormValues {
  return { title: section?.title ?? '', description: section?.description ?? '' };
}

export function readSectionForm(body: FormBody): SectionFormValues {
  return { title: (field(body, 'title') ?? '').trim(), description: field(body, 'description') ?? '' };
}

export function sectionInput(
  values: SectionFormValues,
): { input: SectionInput & { title: string }; errors?: undefined } | { input?: undefined; errors: FieldErrors } {
  const body = { title: values.title, description: values.description === '' ? null : values.description };
  const errors = ruleErrors(checkRequestBody('SectionCreate', body));
  return Object.keys(errors).length ? { errors } : { input: body };
}

export function lectureFormValues(lecture?: {
  title: string;
  content_type: string;
  content: string | null;
  duration_seconds: number;
  is_free_preview: boolean;
  status: string;
}): LectureFormValues {
  return {
    title: lecture?.title ?? '',
    content_type: lecture?.content_type ?? 'video',
    content: lecture?.content ?? '',
    duration_seconds: lecture ? String(lecture.duration_seconds) : '',
    is_free_preview: lecture?.is_free_preview ?? false,
    status: lecture?.status ?? 'draft',
  };
}

export function readLectureForm(body: FormBody): LectureFormValues {
  const text = (name: string) => (field(body, name) ?? '').trim();
  return {
    title: text('title'),
    content_type: text('content_type'),
    content: field(body, 'content') ?? '',
    duration_seconds: text('duration_seconds'),
    is_free_preview: checked(body, 'is_free_preview'),
    status: text('status'),
  };
}

type LectureBody = LectureInput & { title: string; content_type: LectureContentType };

export function lectureInput(
  values: LectureFormValues,
): { input: LectureBody; errors?: undefined } | { input?: undefined; errors: FieldErrors } {
  const duration = values.duration_seconds;
  const body = {
    title: values.title,
    content_type: values.content_type,
    content: values.content.trim() === '' ? null : values.content,
    // Left empty: no length given (the API's default, 0). Other text stays text, so the schema refuses it.
    ...(duration === '' ? {} : { duration_seconds: /^\d{1,9}$/.test(duration) ? Number(duration) : duration }),
    is_free_preview: values.is_free_preview,
    status: values.status,
  };
  const errors = ruleErrors(checkRequestBody('LectureCreate', body));
  return Object.keys(errors).length ? { errors } : { input: body as LectureBody };
}

/** What the service's own refusal of a lecture says: content that does not fit its type (a URL for media). */
export const LECTURE_REFUSALS: Record<string, TextKey> = {
  content: textKey('adminCourses.error.contentShape'),
  content_type: textKey('adminCourses.error.contentShape'),
};

export function sectionId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('adminCourses.error.noSuchSection'));
  return id;
}

export function lectureId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('adminCourses.error.noSuchLecture'));
  return id;
}

/**
 * The order after moving `id` one place up or down: the full list the reorder operations take.
 * Undefined when it cannot move that way (already first or last) or is not in the list.
 */
export function movedOrder(ids: readonly string[], id: string, direction: string | undefined): string[] | undefined {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : direction === 'down' ? at + 1 : -1;
  if (at < 0 || to < 0 || to >= ids.length) return undefined;
  const order = [...ids];
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}
