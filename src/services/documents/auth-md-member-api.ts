// The member data API's part of /auth.md "5. Call the API": the viewer query with the field names
// of the service's specification (Resources: expireDate, lastWatchedLecture), as a curl example a
// client runs unchanged (contract-tests/documents/auth-md-examples.test.ts runs it).
export const SPEC_VIEWER_QUERY =
  '{ viewer { id email enrolledCourses(first: 10) { nodes { slug expireDate hasLifetimeAccess lastWatchedLecture { lectureId positionSeconds } } } } }';

export function memberApiSection(origin: string): string {
  return `A member token reads the person's own data at \`POST ${origin}/account/graphql\` (GraphQL over HTTP,
a JSON body with \`query\`); \`viewer.enrolledCourses\` gives each course's \`expireDate\` (end of
access), \`hasLifetimeAccess\` and \`lastWatchedLecture { lectureId positionSeconds }\`. The earlier
names \`expiresAt\` and \`lastWatched\` still answer the same values and are deprecated.

\`\`\`sh
curl -s -X POST ${origin}/account/graphql -H "Authorization: Bearer $ACCESS_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"query":"${SPEC_VIEWER_QUERY}"}'
\`\`\``;
}
