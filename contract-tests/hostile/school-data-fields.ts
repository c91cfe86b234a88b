// The school-written text fields of a write operation, read from the OpenAPI document the server
// serves (OpenAPI "School text and HTML"): every string property of its JSON body without a format, enum or
// pattern, that is free text. Each is either sanitised HTML (its description says so) or plain text.
import SwaggerParser from '@apidevtools/swagger-parser';

export type TextField = { name: string; html: boolean; maxLength: number };

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  description?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
};
type Operation = { operationId?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } };

// Free text by type, but a value the operation checks against a list (an IANA zone, a language tag).
const CHECKED_STRINGS = new Set(['timezone', 'locale']);

let document: Promise<Record<string, Record<string, Operation>>> | undefined;

async function operations(origin: string) {
  document ??= (async () => {
    const served = (await (await fetch(`${origin}/openapi.json`)).json()) as object;
    const api = (await SwaggerParser.dereference(served as never)) as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    return api.paths;
  })();
  return document;
}

export async function textFieldsOf(origin: string, operationId: string): Promise<TextField[]> {
  for (const item of Object.values(await operations(origin))) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId !== operationId) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return Object.entries(schema?.properties ?? {})
        .filter(
          ([name, p]) =>
            p.type === 'string' && !p.format && !p.enum && !p.pattern && !p.allOf && !CHECKED_STRINGS.has(name),
        )
        .map(([name, p]) => ({
          name,
          html: /sanitised HTML/i.test(p.description ?? ''),
          maxLength: p.maxLength ?? 1000,
        }));
    }
  }
  throw new Error(`no operation ${operationId} in /openapi.json`);
}
