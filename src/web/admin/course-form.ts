// What the course pages share: the course form's fields read from the body and turned into the
// body the admin API's createCourse and updateCourse accept (OpenAPI CourseCreate, CourseUpdate),
// checked by the same schema, the ids in their paths, and the service's refusals as field errors.
import { AreaNotFound } from '../../services/audit/actor.ts';
import { NotFound } from '../../services/errors.ts';
import type { CourseInput } from '../../services/courses/courses.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { checked, field, isUuid, type FormBody } from '../areas/forms.ts';
import { checkRequestBody } from './request-body-check.ts';
import { addError, ruleErrors, type FieldErrors } from './field-errors.ts';

export const COURSE_PURPOSES = {
  create: 'admin:courses:create',
  edit: 'admin:courses:edit',
  publish: 'admin:courses:publish',
  archive: 'admin:courses:archive',
} as const;

/** Catalogue keys of a course's status (OpenAPI Course `status`). */
export const COURSE_STATUS: Record<string, string> = {
  draft: 'adminCourses.status.draft',
  published: 'adminCourses.status.published',
  archived: 'adminCourses.status.archived',
};

/** The form as typed, shown again when refused. */
export type CourseFormValues = {
  title: string;
  slug: string;
  subtitle: string;
  description: string;
  visibility: string;
  featured: boolean;
  price_amount: string;
  price_currency: string;
  image_url: string;
  access_days: string;
};

type Course = {
  title: string;
  slug: string;
  subtitle: string | null;
  description: string | null;
  visibility: string;
  featured: boolean;
  price: { amount: number; currency: string };
  image_url: string | null;
  access_days: number | null;
};

/** Digits of the minor unit (ISO 4217: 2 for EUR, 0 for JPY), as Intl knows them; 2 for a code it does not. */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "49", "49.9", "49,90" → minor units; undefined for anything else (the schema's Money is whole minor units). */
export function minorUnits(text: string, currency: string): number | undefined {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

/** An amount as the form shows it, with the decimal mark of the school's language (49,90 in German). */
export function amountText(amount: number, currency: string, locale = 'en'): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amount);
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return (amount / 10 ** digits).toFixed(digits).replace('.', mark);
}

export function courseFormValues(course?: Course, currency = '', locale = 'en'): CourseFormValues {
  return {
    title: course?.title ?? '',
    slug: course?.slug ?? '',
    subtitle: course?.subtitle ?? '',
    description: course?.description ?? '',
    visibility: course?.visibility ?? 'public',
    featured: course?.featured ?? false,
    price_amount: course ? amountText(course.price.amount, course.price.currency, locale) : '',
    price_currency: course?.price.currency ?? currency,
    image_url: course?.image_url ?? '',
    access_days: course?.access_days == null ? '' : String(course.access_days),
  };
}

export function readCourseForm(body: FormBody): CourseFormValues {
  const text = (name: string) => field(body, name) ?? '';
  return {
    title: text('title').trim(),
    slug: text('slug').trim(),
    subtitle: text('subtitle').trim(),
    description: text('description'),
    visibility: text('visibility'),
    featured: checked(body, 'featured'),
    price_amount: text('price_amount').trim(),
    price_currency: text('price_currency').trim().toUpperCase(),
    image_url: text('image_url').trim(),
    access_days: text('access_days').trim(),
  };
}

/** A whole number typed as such; other text stays text, so that the schema refuses it by its type. */
const wholeOrText = (text: string): number | string => (/^-?\d{1,12}$/.test(text) ? Number(text) : text);

const SCHEMA_FIELDS = { 'price.amount': 'price_amount', 'price.currency': 'price_currency', price: 'price_amount' };

/**
 * The body the admin API would be sent for this form, or the fields to correct. An empty optional
 * field is null (cleared); an empty slug or price is left out (derived from the title, or kept).
 */
export function courseInput(
  values: CourseFormValues,
  mode: 'create' | 'update',
): { input: CourseInput & { title: string }; errors?: undefined } | { input?: undefined; errors: FieldErrors } {
  const orNull = (text: string) => (text === '' ? null : text);
  const body: Record<string, unknown> = {
    title: values.title,
    ...(values.slug ? { slug: values.slug } : {}),
    subtitle: orNull(values.subtitle),
    description: orNull(values.description),
    visibility: values.visibility,
    featured: values.featured,
    image_url: orNull(values.image_url),
    access_days: values.access_days === '' ? null : wholeOrText(values.access_days),
  };
  const priceErrors: FieldErrors = {};
  if (values.price_amount !== '') {
    const amount = minorUnits(values.price_amount, values.price_currency);
    if (amount === undefined) addError(priceErrors, 'price_amount', textKey('adminCourses.error.priceShape'));
    else body.price = { amount, currency: values.price_currency };
  }
  const errors = {
    ...ruleErrors(checkRequestBody(mode === 'create' ? 'CourseCreate' : 'CourseUpdate', body), SCHEMA_FIELDS),
    ...priceErrors,
  };
  if (Object.keys(errors).length) return { errors };
  return { input: body as CourseInput & { title: string } };
}

/** What the service's own refusals of a course form say (a slug another course of the school holds). */
export const COURSE_REFUSALS: Record<string, TextKey> = { slug: textKey('adminCourses.error.slugTaken') };

/** The :id of a course route; anything but a UUID names no course (and never reaches SQL). */
export function courseId(id: string | undefined): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey('adminCourses.error.noSuchCourse'));
  return id;
}

/** The service's 404 as the area's not-found page, said in the page's language. */
export async function found<T>(work: Promise<T>, missing: TextKey): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFound) throw new AreaNotFound(missing);
    throw error;
  }
}
