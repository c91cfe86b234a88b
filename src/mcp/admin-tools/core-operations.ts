// The admin operations that are also direct tools: what a school operator does most, by the
// platforms' own tool sets (list and read courses and students, enrol, orders, revenue) and the
// everyday build of a course (create, edit, add sections and lectures, publish). Everything else
// stays one search_operations away; a direct tool saves the agent that round trip, and costs
// every conversation its schema, so this list is kept short (the tools/list budget, docs/agents.md "MCP").
import type { OperationId } from '../../../generated/openapi/operations.ts';

export const CORE_OPERATIONS: readonly OperationId[] = [
  'listCourses',
  'getCourse',
  'createCourse',
  'updateCourse',
  'publishCourse',
  'createSection',
  'createLecture',
  'listStudents',
  'getStudent',
  'enrollStudent',
  'listOrders',
  'getRevenueReport',
];
