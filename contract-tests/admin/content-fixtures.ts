// Arrangement helpers of the school, appearance, events, posts, pages, digital products and
// storage contract tests: small files of known types, uploads through the generated client, and
// the seeded people those tests register for events (read only).
import { listEventRegistrations, listEvents, uploadFile } from '../../generated/openapi/client/sdk.gen.ts';
import type { adminClient } from '../support/admin-client.ts';

type Client = ReturnType<typeof adminClient>;

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest well-formed PDF header is enough for the signature check (ISO 32000 7.5.2). */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

export async function upload(
  client: Client,
  bytes: Buffer,
  filename: string,
  declaredType = 'application/octet-stream',
) {
  return uploadFile({ client, body: { file: new File([new Uint8Array(bytes)], filename, { type: declaredType }) } });
}

/** Uploads a PNG and returns the stored file; fails the arrangement when the upload does. */
export async function uploadedImage(client: Client, filename = 'logo.png') {
  const { data, response } = await upload(client, PNG, filename, 'image/png');
  if (response.status !== 201 || !data) throw new Error(`could not upload an image: ${response.status}`);
  return data;
}

/** Person ids of the demo students, read from the registrations of the seeded live Q&A event. */
export async function seededStudents(client: Client): Promise<{ student1: string; student2: string }> {
  const events = await listEvents({ client, query: { q: 'live-qa-react-hooks', limit: 100 } });
  const event = events.data?.data.find((e) => e.slug === 'live-qa-react-hooks');
  if (!event) throw new Error(`seeded event not found (${events.response.status})`);
  const registrations = (await listEventRegistrations({ client, path: { event_id: event.id }, query: { limit: 100 } }))
    .data!.data;
  const idOf = (email: string) => registrations.find((r) => r.person.email === email)?.person.id;
  const [student1, student2] = [idOf('student1@demo-academy.test'), idOf('student2@demo-academy.test')];
  if (!student1 || !student2) throw new Error('seeded registrations of the demo students not found');
  return { student1, student2 };
}

/** The JSON Pointers of a problem's field errors (RFC 9457 `errors[]`). */
export function pointersOf(problem: unknown): string[] {
  return ((problem as { errors?: Array<{ pointer: string }> } | undefined)?.errors ?? []).map((e) => e.pointer);
}
