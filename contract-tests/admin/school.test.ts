// The school's settings through the generated client (school:read, school:write;
// OpenAPI tag School: get, partial update). Other suites run against the same
// school at the same time, so changes here are harmless ones (a new beta flag, an extra metadata
// host) and are put back; origin and slug are read-only.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getSchool, updateSchool } from '../../generated/openapi/client/sdk.gen.ts';
import { adminClient } from '../support/admin-client.ts';
import { operatorToken } from '../support/tokens.ts';
import { pointersOf } from './content-fixtures.ts';

const origin = inject('primaryOrigin');

describe('school settings (school:read, school:write)', () => {
  let client: ReturnType<typeof adminClient>;
  let hosts: string[];
  beforeAll(async () => {
    client = adminClient(origin, await operatorToken(origin, 'school:read school:write'));
    hosts = (await getSchool({ client })).data!.allowed_metadata_hosts;
  });
  afterAll(async () => {
    await updateSchool({
      client,
      body: { allowed_metadata_hosts: hosts, beta_features: { contract_test_flag: false } },
    });
  });

  it('reads the settings of the school at this origin, with the documented mcp_connections flag', async () => {
    const { data, response } = await getSchool({ client });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      origin,
      slug: 'demo-academy',
      currency: 'USD',
      timezone: 'America/New_York',
      beta_features: { mcp_connections: true },
    });
    expect(data!.allowed_metadata_hosts).toContain('localhost');
  });

  it('merges beta_features (flags left out keep their value) and stores metadata hosts lower case', async () => {
    const { data, response } = await updateSchool({
      client,
      body: {
        beta_features: { contract_test_flag: true },
        allowed_metadata_hosts: [...hosts, 'Apps.Example.com', 'localhost:8080'],
      },
    });
    expect(response.status).toBe(200);
    expect(data!.beta_features).toEqual({ mcp_connections: true, contract_test_flag: true });
    expect(data!.allowed_metadata_hosts).toEqual([...hosts, 'apps.example.com', 'localhost:8080']);
    expect(Date.parse(data!.updated_at)).toBeGreaterThanOrEqual(Date.parse(data!.created_at));
  });

  it('keeps a change of name and time zone (canonical IANA spelling) and leaves other fields alone', async () => {
    const before = (await getSchool({ client })).data!;
    const { data } = await updateSchool({ client, body: { name: before.name, timezone: 'america/new_york' } });
    expect(data).toMatchObject({
      name: before.name,
      timezone: 'America/New_York',
      locale: before.locale,
      contact_email: before.contact_email,
    });
  });

  it('an unknown time zone is 422 with a pointer (OpenAPI response UnprocessableEntity: a rule the data breaks)', async () => {
    const { response, error } = await updateSchool({ client, body: { timezone: 'Mars/Olympus_Mons' } });
    expect(response.status).toBe(422);
    expect(pointersOf(error)).toEqual(['/body/timezone']);
  });

  it('origin and slug are read-only, and invalid values are 400 with pointers', async () => {
    const readOnly = await updateSchool({ client, body: { origin: 'https://evil.example', slug: 'x' } as never });
    expect(readOnly.response.status).toBe(400);
    expect(pointersOf(readOnly.error)).toEqual(expect.arrayContaining(['/body/origin']));
    for (const [body, pointer] of [
      [{ currency: 'usd' }, '/body/currency'],
      [{ allowed_metadata_hosts: ['https://a.example/path'] }, '/body/allowed_metadata_hosts/0'],
      [{ beta_features: { mcp_connections: 'yes' } }, '/body/beta_features/mcp_connections'],
      [{ contact_email: 'not-an-address' }, '/body/contact_email'],
    ] as const) {
      const invalid = await updateSchool({ client, body: body as never });
      expect(invalid.response.status, pointer).toBe(400);
      expect(pointersOf(invalid.error)).toEqual([pointer]);
    }
  });
});
