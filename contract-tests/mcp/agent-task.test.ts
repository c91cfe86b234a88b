// An operator's task done as an agent does it (docs/agents.md "MCP"): starting from tools/list alone,
// operations found with search_operations and read with describe_operation, every step a
// tools/call — create a course, give it a section and two lectures, publish it, enrol a student
// found with a list tool, read the revenue report. No operation name is written here: each one
// comes from what the server lists, finds and describes.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/services/auth/scopes.ts';
import { ACCOUNTS } from '../support/accounts.ts';
import { operatorToken } from '../support/tokens.ts';
import { call, connect, textOf } from './mcp-client.ts';

const origin = inject('primaryOrigin');
type Json = Record<string, any>;
type Found = { name: string; summary: string; direct_tool: boolean };

describe('an agent completes an operator task from the tool list (MCP 2025-11-25 tools; docs/agents.md "MCP")', () => {
  let client: Client;
  let toolNames: string[];
  let searchTool: string;
  let describeTool: string;
  let callTool: string;
  beforeAll(async () => {
    client = await connect(origin, await operatorToken(origin, OPERATOR_SCOPES.join(' ')));
    const { tools } = await client.listTools();
    toolNames = tools.map((t) => t.name);
    // The agent picks the catalogue tools by what their descriptions say they do.
    const byDescription = (words: RegExp) => tools.find((t) => words.test(t.description ?? ''))!.name;
    searchTool = byDescription(/^Finds the admin API operations/);
    describeTool = byDescription(/arguments \(a JSON Schema\)/);
    callTool = byDescription(/^Runs one admin operation/);
  });
  afterAll(async () => client?.close());

  /** Finds one operation by words, reads its description, and calls it with the arguments it requires. */
  async function perform(words: string, known: Json): Promise<{ name: string; result: Json; text: string }> {
    const search = await call<{ data: Found[] }>(client, searchTool, { query: words, limit: 5 });
    expect(search.isError, textOf(search)).toBeFalsy();
    const found = search.structuredContent.data[0];
    expect(found, `an operation for "${words}"`).toBeDefined();
    const described = await call<{ input_schema: Json; direct_tool: boolean }>(client, describeTool, {
      operation: found!.name,
    });
    const required: string[] = described.structuredContent.input_schema.required ?? [];
    const missing = required.filter((name) => !(name in known));
    expect(missing, `${found!.name} requires`).toEqual([]);
    const properties = Object.keys(described.structuredContent.input_schema.properties ?? {});
    const args = Object.fromEntries(Object.entries(known).filter(([name]) => properties.includes(name)));
    // A direct tool when tools/list has one; the catalogue's call tool otherwise.
    const result =
      found!.direct_tool && toolNames.includes(found!.name)
        ? await call<Json>(client, found!.name, args)
        : await call<Json>(client, callTool, { operation: found!.name, arguments: args });
    expect(result.isError, `${found!.name}: ${textOf(result)}`).toBeFalsy();
    return { name: found!.name, result: result.structuredContent, text: textOf(result) };
  }

  it('creates a course with two lectures, publishes it, enrols a student and reads the revenue report', async () => {
    const run = Date.now();
    const course = await perform('create course', { title: `Agent course ${run}`, slug: `agent-course-${run}` });
    expect(course.result).toMatchObject({ id: expect.any(String), status: 'draft' });
    expect(course.text).toContain(`Pass it as course_id`);
    const courseId = course.result.id as string;

    const section = await perform('add section', { course_id: courseId, title: 'Getting started' });
    expect(section.result).toMatchObject({ id: expect.any(String) });
    const sectionId = section.result.id as string;

    const lectures = [];
    for (const title of ['Welcome', 'First steps']) {
      const lecture = await perform('add lecture', {
        course_id: courseId,
        section_id: sectionId,
        title,
        content_type: 'text',
      });
      expect(lecture.result).toMatchObject({ id: expect.any(String), title });
      lectures.push(lecture.result.id);
    }
    expect(new Set(lectures).size).toBe(2);

    const published = await perform('publish course', { course_id: courseId });
    expect(published.result).toMatchObject({ id: courseId, status: 'published' });

    // The student the operator names (one no other test counts the enrolments of).
    const students = await perform('list students', { limit: 5, q: ACCOUNTS.student2 });
    expect(students.result.data.map((s: Json) => s.email)).toEqual([ACCOUNTS.student2]);
    expect(students.text).toMatch(/\d+ students on this page \(ids: /);
    const personId = students.result.data[0].id as string;

    const enrolled = await perform('enroll student course', { person_id: personId, course_id: courseId });
    expect(enrolled.result).toMatchObject({ id: expect.any(String), status: 'active' });

    const now = new Date();
    const revenue = await perform('revenue', {
      from: new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10),
      to: now.toISOString().slice(0, 10),
    });
    expect(revenue.name).toBe('get_revenue_report');
    expect(revenue.text).toMatch(/^Done: Revenue over time/);
  });
});
