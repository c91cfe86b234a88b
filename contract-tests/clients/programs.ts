// The small programs a developer writes against each generated client: list the courses with an
// operator token, create one, and read it back through the generator's named `Course` type. Each
// also names every model of NAMED_MODELS, so a model the generator left unnamed (or named after a
// path) is a compile error. They are text, written next to the generated code in a scratch folder,
// because that code exists only there (the project's own tsc never sees them).

/** Resources and shapes a client must expose by name (DESIGN habit 13). */
export const NAMED_MODELS = [
  'Course',
  'CourseCreate',
  'CoursePage',
  'Student',
  'Order',
  'Coupon',
  'Problem',
  'Enrollment',
  'Member',
  'Event',
  'MembershipPlan',
  'Subscription',
  'DigitalProduct',
  'Lecture',
  'Lecturer',
  'Section',
  'Post',
  'Page',
  'Form',
  'Comment',
  'School',
  'TokenRequest',
  'TokenResponse',
] as const;

const namedTuple = `export type Named = [${NAMED_MODELS.join(', ')}];`;

/** What every program reads from its environment and prints: one JSON line the test checks. */
export const SHARED = `export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(\`\${name} is not set\`);
  return value;
}

export const token = env('SCHOOL_TOKEN');
export const title = env('COURSE_TITLE');

export function report(course: { id: string; title: string; status: string }, listed: boolean): void {
  console.log(JSON.stringify({ id: course.id, title: course.title, status: course.status, listed }));
}
`;

/** @hey-api/openapi-ts: its client.gen.ts is set to servers[0], the school's origin; only the token is added. */
export const HEY_API = `import { client } from './hey-api/client.gen.js';
import { createCourse, listCourses } from './hey-api/sdk.gen.js';
import type { ${NAMED_MODELS.join(', ')} } from './hey-api/types.gen.js';
import { report, title, token } from './shared.js';

${namedTuple}

client.setConfig({ headers: { Authorization: \`Bearer \${token}\` } });
const created = await createCourse({ body: { title }, throwOnError: true });
const course: Course = created.data;
const page = await listCourses({ query: { q: title, limit: 10 }, throwOnError: true });
const listed: CoursePage = page.data;
report(course, listed.data.some((each: Course) => each.id === course.id));
`;

/** openapi-typescript's types with openapi-fetch: the base URL is the caller's (SCHOOL_ORIGIN). */
export const OPENAPI_FETCH = `import createClient from 'openapi-fetch';
import type { paths, ${NAMED_MODELS.join(', ')} } from './openapi-typescript/schema.js';
import { env, report, title, token } from './shared.js';

${namedTuple}

const client = createClient<paths>({ baseUrl: env('SCHOOL_ORIGIN'), headers: { Authorization: \`Bearer \${token}\` } });
const created = await client.POST('/api/v1/courses', { body: { title } });
if (!created.data) throw new Error(\`createCourse answered \${created.response.status}: \${JSON.stringify(created.error)}\`);
const course: Course = created.data;
const page = await client.GET('/api/v1/courses', { params: { query: { q: title, limit: 10 } } });
if (!page.data) throw new Error(\`listCourses answered \${page.response.status}: \${JSON.stringify(page.error)}\`);
const listed: CoursePage = page.data;
report(course, listed.data.some((each: Course) => each.id === course.id));
`;

/** orval's fetch client, its URLs built from servers[0] (baseUrl.getBaseUrlFromSpecification). */
export const ORVAL = `import { createCourse, listCourses } from './orval/school.js';
import type { ${NAMED_MODELS.join(', ')} } from './orval/school.js';
import { report, title, token } from './shared.js';

${namedTuple}

const init: RequestInit = { headers: { Authorization: \`Bearer \${token}\` } };
const created = await createCourse({ title }, init);
if (created.status !== 201) throw new Error(\`createCourse answered \${created.status}: \${JSON.stringify(created.data)}\`);
const course: Course = created.data;
const page = await listCourses({ q: title, limit: 10 }, init);
if (page.status !== 200) throw new Error(\`listCourses answered \${page.status}: \${JSON.stringify(page.data)}\`);
const listed: CoursePage = page.data;
report(course, listed.data.some((each: Course) => each.id === course.id));
`;

/** orval reads its options from a file: the fetch client, one file, URLs on the document's server. */
export const ORVAL_CONFIG = `export default {
  school: {
    input: { target: './openapi.json' },
    output: {
      target: './orval/school.ts',
      client: 'fetch',
      mode: 'single',
      baseUrl: { getBaseUrlFromSpecification: true },
    },
  },
};
`;
