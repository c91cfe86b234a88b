// OpenAPI "School text and HTML": the school's HTML fields are sanitised on write from now on
// (services/rich-text.ts); this cleans the rows written before, so that the catalog, GraphQL and
// MCP never serve script or event handlers from old data either. Frozen once landed: the policy is
// a copy of the allowlist as it stood on that day (a migration imports nothing from src/), and a
// later, narrower allowlist needs its own migration.
import { sql, type Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** Table, HTML column, and which rows hold HTML in it. */
const FIELDS: Array<[table: string, column: string, onlyText?: boolean]> = [
  ['courses', 'description'],
  ['course_sections', 'description'],
  ['lectures', 'content', true],
  ['lecturers', 'bio'],
  ['events', 'description'],
  ['membership_plans', 'description'],
  ['digital_products', 'description'],
  ['pages', 'body'],
  ['posts', 'body'],
];

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, onlyText] of FIELDS) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Only values holding markup characters can change; in id order, a bounded batch at a time.
      const rows: Array<{ id: string; html: string }> = await db
        .selectFrom(table)
        .select(['id', sql.ref<string>(column).as('html')])
        .where('id', '>', after)
        .where(sql<boolean>`${sql.ref(column)} ~ '[<>&]'`)
        .$if(onlyText === true, (q) => q.where('content_type', '=', 'text'))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const clean = sanitizeHtml(row.html, POLICY);
        if (clean !== row.html)
          await db
            .updateTable(table)
            .set({ [column]: clean })
            .where('id', '=', row.id)
            .execute();
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
}

export async function down(): Promise<void> {
  // What was removed is gone by design: there is nothing to put back.
}
