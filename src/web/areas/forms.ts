// Reading url-encoded form bodies (express.urlencoded, extended: false): a field sent once is a
// string, sent several times (checkboxes) an array. Anything else is treated as absent.
export type FormBody = Record<string, unknown>;

export function formBody(body: unknown): FormBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as FormBody) : {};
}

/** The field's value, or its first value when sent several times. */
export function field(body: FormBody, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** Every value of a repeated field (a group of checkboxes), in the order sent. */
export function fieldValues(body: FormBody, name: string): string[] {
  const value = body[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A checkbox: present when checked, absent when not (HTML 4.10.18.3). */
export function checked(body: FormBody, name: string): boolean {
  return field(body, name) !== undefined;
}

/** One item per non-empty line of a textarea. */
export function lines(value: string | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids in paths and forms are UUIDs; anything else names no row (and never reaches SQL). */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
