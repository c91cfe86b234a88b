// The course and curriculum forms of the admin area turned into the admin API's request bodies and
// checked by the API's own request schemas (OpenAPI CourseCreate, CourseUpdate, LectureCreate):
// what the API refuses, the page refuses for the same field, with the page's words; money in the
// currency's minor units (ISO 4217); "move up/down" as the whole new order of the reorder operations.
import { describe, expect, it } from 'vitest';
import { courseFormValues, courseInput, minorUnits, amountText } from './course-form.ts';
import { lectureFormValues, lectureInput, movedOrder } from './curriculum-form.ts';
import { checkRequestBody } from './request-body-check.ts';

const form = (changes: Partial<ReturnType<typeof courseFormValues>>) => ({
  ...courseFormValues(undefined, 'EUR'),
  title: 'Watercolour Basics',
  ...changes,
});

describe('the course form (OpenAPI CourseCreate and CourseUpdate)', () => {
  it('reads amounts in the currency’s minor units: two digits for EUR, none for JPY, a comma or a point', () => {
    expect(minorUnits('49', 'EUR')).toBe(4900);
    expect(minorUnits('49,9', 'EUR')).toBe(4990);
    expect(minorUnits('49.90', 'USD')).toBe(4990);
    expect(minorUnits('500', 'JPY')).toBe(500);
    expect(minorUnits('5.5', 'JPY')).toBeUndefined();
    expect(minorUnits('49.999', 'EUR')).toBeUndefined();
    expect(minorUnits('-1', 'EUR')).toBeUndefined();
    expect(minorUnits('1e3', 'EUR')).toBeUndefined();
    expect(amountText(4990, 'EUR')).toBe('49.90');
    expect(amountText(4990, 'EUR', 'de')).toBe('49,90');
    expect(amountText(500, 'JPY')).toBe('500');
  });

  it('sends empty optional fields as null, leaves out an empty slug and price, and keeps the rest as typed', () => {
    expect(courseInput(form({}), 'create')).toEqual({
      input: {
        title: 'Watercolour Basics',
        subtitle: null,
        description: null,
        visibility: 'public',
        featured: false,
        image_url: null,
        access_days: null,
      },
    });
    const full = courseInput(
      form({ slug: 'wc-basics', price_amount: '49,90', access_days: '365', featured: true, visibility: 'hidden' }),
      'update',
    );
    expect(full.input).toMatchObject({
      slug: 'wc-basics',
      price: { amount: 4990, currency: 'EUR' },
      access_days: 365,
      featured: true,
      visibility: 'hidden',
    });
  });

  it('refuses what the API refuses, each field with the words for its rule', () => {
    const { errors } = courseInput(
      form({
        title: '',
        slug: 'Not A Slug',
        subtitle: 'x'.repeat(301),
        visibility: 'secret',
        image_url: 'javascript:alert(1)',
        access_days: '36501',
        price_amount: '12',
        price_currency: 'E1R',
      }),
      'create',
    );
    expect(errors).toEqual({
      title: [{ key: 'adminCourses.error.required' }],
      slug: [{ key: 'adminCourses.error.slugShape' }],
      subtitle: [{ key: 'adminCourses.error.tooLong', vars: { limit: 300 } }],
      visibility: [{ key: 'adminCourses.error.choose' }],
      image_url: [{ key: 'adminCourses.error.urlShape' }],
      access_days: [{ key: 'adminCourses.error.atMost', vars: { limit: 36500 } }],
      price_currency: [{ key: 'adminCourses.error.currencyShape' }],
    });
    expect(courseInput(form({ access_days: 'ten' }), 'create').errors).toEqual({
      access_days: [{ key: 'adminCourses.error.wholeNumber' }],
    });
    expect(courseInput(form({ price_amount: '12.345' }), 'create').errors).toEqual({
      price_amount: [{ key: 'adminCourses.error.priceShape' }],
    });
  });

  it('checks by the very schema the API validates with: a body it accepts, and one it refuses', () => {
    expect(checkRequestBody('CourseCreate', { title: 'A', price: { amount: 100, currency: 'EUR' } })).toEqual([]);
    expect(checkRequestBody('CourseCreate', { title: 'A', unknown: 1 })).toEqual([
      { field: 'unknown', keyword: 'additionalProperties' },
    ]);
  });
});

describe('the lecture form (OpenAPI LectureCreate)', () => {
  const lecture = (changes: Partial<ReturnType<typeof lectureFormValues>>) => ({
    ...lectureFormValues(),
    title: 'First wash',
    ...changes,
  });

  it('sends a length in seconds when given, and refuses one the schema does not allow', () => {
    expect(lectureInput(lecture({ duration_seconds: '90', content: ' ' })).input).toEqual({
      title: 'First wash',
      content_type: 'video',
      content: null,
      duration_seconds: 90,
      is_free_preview: false,
      status: 'draft',
    });
    expect(lectureInput(lecture({ duration_seconds: '360001', content_type: 'film' })).errors).toEqual({
      duration_seconds: [{ key: 'adminCourses.error.atMost', vars: { limit: 360000 } }],
      content_type: [{ key: 'adminCourses.error.choose' }],
    });
  });
});

describe('"move up/down" (the reorder operations take the whole order)', () => {
  it('swaps with the neighbour, and moves nothing past either end or for an unknown id or direction', () => {
    expect(movedOrder(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 'a', 'up')).toBeUndefined();
    expect(movedOrder(['a', 'b', 'c'], 'c', 'down')).toBeUndefined();
    expect(movedOrder(['a', 'b', 'c'], 'x', 'up')).toBeUndefined();
    expect(movedOrder(['a', 'b', 'c'], 'b', 'sideways')).toBeUndefined();
  });
});
