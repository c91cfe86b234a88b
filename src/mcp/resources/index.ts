// resources/list, resources/templates/list and resources/read (MCP 2025-11-25 Resources) over the
// school's public documents: the fixed ones (documents.ts) and each published course's page
// (course-pages.ts). Everything here is public, so every caller, anonymous or not, sees the same.
// Errors follow the specification: an unknown URI is -32602 "Resource not found" with the URI in
// `data` (SEP-2164, in 2026-07-28; the SDK answers every revision so, where 2025-11-25 said -32002), a cursor this server did not issue is -32602, and anything unexpected is logged and
// answered -32603 without its message (the SDK would otherwise send the error's own text).
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { courseSlugOf, courseTemplate, listCoursePages, MARKDOWN, readCoursePage } from './course-pages.ts';
import { SCHOOL_DOCUMENTS, type ResourceContext } from './documents.ts';

/** MCP 2026-07-28 Resources, "Error Handling" (SEP-2164): resource not found is Invalid Params. */
export const RESOURCE_NOT_FOUND = ProtocolErrorCode.InvalidParams;

/**
 * A JSON-RPC error as the SDK sends it (shared/protocol.js: `code`, `message`, `data` of what a
 * handler throws). Not the SDK's McpError, whose message is prefixed "MCP error <code>: ", which
 * clients then prefix again.
 */
export class ResourceRequestError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

async function guarded<T>(ctx: ResourceContext, method: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ResourceRequestError) throw error;
    if (error instanceof InvalidCursor)
      throw new ResourceRequestError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
    ctx.log.error({ err: error, mcp_method: method }, 'MCP resource request failed');
    throw new ResourceRequestError(ProtocolErrorCode.InternalError, 'Internal error');
  }
}

/** The documents first, then the courses a page at a time; the cursor is the catalog's own. */
export function listResources(ctx: ResourceContext, cursor: string | undefined) {
  return guarded(ctx, 'resources/list', async () => {
    const courses = await listCoursePages(ctx, cursor);
    const documents = cursor
      ? []
      : SCHOOL_DOCUMENTS.map(({ path, name, title, description }) => ({
          uri: `${ctx.site.origin}${path}`,
          name,
          title,
          description,
          mimeType: MARKDOWN,
        }));
    return {
      resources: [...documents, ...courses.resources],
      ...(courses.nextCursor ? { nextCursor: courses.nextCursor } : {}),
    };
  });
}

export function listResourceTemplates(ctx: ResourceContext) {
  return Promise.resolve({ resourceTemplates: [courseTemplate(ctx.site.origin)] });
}

export function readResource(ctx: ResourceContext, uri: string) {
  return guarded(ctx, 'resources/read', async () => {
    const document = SCHOOL_DOCUMENTS.find((d) => `${ctx.site.origin}${d.path}` === uri);
    const slug = document ? undefined : courseSlugOf(ctx.site.origin, uri);
    const text = document ? await document.read(ctx) : slug ? await readCoursePage(ctx, slug) : undefined;
    if (text === undefined) throw new ResourceRequestError(RESOURCE_NOT_FOUND, 'Resource not found', { uri });
    return { contents: [{ uri, mimeType: MARKDOWN, text }] };
  });
}
