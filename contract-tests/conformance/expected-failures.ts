// Every check of the public MCP conformance suite (@modelcontextprotocol/conformance) that this
// service is expected to fail, with the reason, in one place. The tests fail when a listed check
// passes (a stale entry) and when a check fails that is not listed, or fails for another reason
// than the one given here (`error` must match the check's message).
//
// The `server` scenarios run once per revision the suite knows (REVISIONS). Most of them drive the
// suite's own reference server: they call fixture tools (test_*, slow_compute, greet, ...), read
// fixture resources test://..., and use prompts, completions, logging, resource subscriptions and the
// optional tasks extension. This /mcp is a product server whose capabilities are `tools` and
// `resources` (without `subscribe`); it answers the optional methods it does not offer with
// JSON-RPC -32601 "Method not found", unknown tools and unknown resources with -32602, as MCP
// 2026-07-28 requires (SEP-2164). What the suite checks of any server passes: initialize or
// server/discover, ping, tools/list (names, schemas), resources/list, caching hints, the standard
// headers, stateless serving, the wire schema of every message, DNS-rebinding protection.
/** The revisions the suite runs against /mcp, and how it is told which (run.ts). */
export const REVISIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];
const LEGACY: readonly Revision[] = ['2025-06-18', '2025-11-25'];
const SINCE_NOVEMBER: readonly Revision[] = ['2025-11-25', '2026-07-28'];
const MODERN: readonly Revision[] = ['2026-07-28'];

export type ExpectedFailure = {
  mode: 'server' | 'authorization';
  scenario: string;
  /** The check id the suite reports (the scenario's name for single-check scenarios). */
  check: string;
  /** FAILURE, or WARNING: the suite's verdict counts a warning as a failure too. */
  status: 'FAILURE' | 'WARNING';
  reason: string;
  /** What the check's message (a warning's: its details) must say, so that a failure for another reason is not excused. */
  error: RegExp;
  /** The revisions whose run has this check (server mode); every one when absent. */
  revisions?: readonly Revision[];
};

const FIXTURE_TOOL =
  "calls a fixture tool of the suite's reference server, which a product server does not have; unknown tools are -32602 (MCP 2025-11-25 Tools)";
const NO_CAPABILITY = (capability: string) =>
  `uses ${capability}, a capability this server does not declare (it declares tools and resources); the method is -32601 Method not found (MCP 2025-11-25 Lifecycle, capability negotiation)`;
const FIXTURE_RESOURCE =
  "reads a fixture resource of the suite's reference server (test://...), which a product server does not have; its resources are this school's documents and course pages, and an unknown URI is -32602 Resource not found (MCP 2026-07-28 Resources, Error Handling, SEP-2164)";
const NO_SUBSCRIBE =
  'subscribes to a resource; this server declares resources without `subscribe` (its documents are read on demand, nothing is pushed), so the method is -32601 Method not found (MCP 2025-11-25 Resources, Subscriptions: optional)';
const NO_FIXTURE_LISTED =
  "needs a diagnostic fixture tool of the suite's reference server listed in tools/list; the suite reports the requirement as not testable on a product server";
const NO_TASKS =
  'exercises the optional tasks extension (io.modelcontextprotocol/tasks, SEP-2663), which this server does not offer: its tools answer within the request, and tasks/* are -32601 Method not found';

const fixtureResource = (scenario: string): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check: scenario,
  status: 'FAILURE',
  reason: FIXTURE_RESOURCE,
  error: /Resource not found/,
});
const noSubscribe = (scenario: string): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check: scenario,
  status: 'FAILURE',
  reason: NO_SUBSCRIBE,
  error: /Method not found/,
  revisions: LEGACY,
});
const fixtureTool = (
  scenario: string,
  tool: string,
  check = scenario,
  revisions?: readonly Revision[],
): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status: 'FAILURE',
  reason: FIXTURE_TOOL,
  error: new RegExp(`Unknown tool: ${tool}\\b`),
  ...(revisions ? { revisions } : {}),
});
const missing = (
  scenario: string,
  capability: string,
  check = scenario,
  revisions?: readonly Revision[],
): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status: 'FAILURE',
  reason: NO_CAPABILITY(capability),
  error: /Method not found/,
  ...(revisions ? { revisions } : {}),
});
const notListed = (scenario: string, check: string, fixture: string): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status: 'FAILURE',
  reason: NO_FIXTURE_LISTED,
  error: new RegExp(`(Not testable|not listed|exposes no tool).*${fixture}`),
  revisions: MODERN,
});
const inputRequiredFixture = (
  scenario: string,
  check: string,
  error: RegExp,
  status: ExpectedFailure['status'] = 'FAILURE',
): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status,
  reason: `${FIXTURE_TOOL}: the test_input_required_result_* tools. This server's own input_required round (the confirmation before a deletion, a refund, a removal or a change of roles) is checked by contract-tests/mcp/confirmation.test.ts`,
  error,
  revisions: MODERN,
});
const tasks = (scenario: string, check: string, error: RegExp): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status: 'FAILURE',
  reason: NO_TASKS,
  error,
  revisions: MODERN,
});

/**
 * The tasks extension's checks: each fails for want of the extension (its fixture tools, a task to
 * look at, tasks/* methods, the extension's capability), which TASK_FAILURE names.
 */
const TASK_CHECKS: ReadonlyArray<readonly [scenario: string, check: string]> = [
  ['tasks-capability-negotiation', 'sep-2663-server-rejects-undeclared-client'],
  ['tasks-capability-negotiation', 'sep-2663-tasks-methods-non-declaring'],
  ['tasks-capability-negotiation', 'tasks-extension-advertised'],
  ['tasks-capability-negotiation', 'tasks-per-request-meta-opt-in'],
  ['tasks-dispatch-and-envelope', 'sep-2663-durable-create-strong-consistency'],
  ['tasks-dispatch-and-envelope', 'sep-2663-legacy-task-param-ignored'],
  ['tasks-dispatch-and-envelope', 'sep-2663-tasks-get-invalid-task-id-32602'],
  ['tasks-dispatch-and-envelope', 'tasks-immediate-result-shortcut'],
  ['tasks-dispatch-and-envelope', 'tasks-result-type-complete-on-non-task-responses'],
  ['tasks-dispatch-and-envelope', 'tasks-server-directed-creation-no-hint'],
  ['tasks-lifecycle', 'sep-2663-cancel-ack-empty-result'],
  ['tasks-lifecycle', 'sep-2663-result-type-task-on-create'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-completed'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-failed'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-working'],
  ['tasks-lifecycle', 'sep-2663-tool-error-uses-completed-status'],
  ['tasks-lifecycle', 'tasks-cancel-terminal-idempotent-ack'],
  ['tasks-lifecycle', 'tasks-sync-tool-call'],
  ['tasks-mrtr-composition', 'sep-2663-mrtr-synchronous-before-task-creation'],
  ['tasks-mrtr-input', 'sep-2663-tasks-get-status-input-required'],
  ['tasks-mrtr-input', 'tasks-mrtr-partial-fulfillment'],
  ['tasks-mrtr-input', 'tasks-mrtr-tasks-update-resumes'],
  ['tasks-request-headers', 'sep-2663-routing-headers-accepted-on-tasks-get'],
  ['tasks-request-headers', 'sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get'],
  ['tasks-request-headers', 'tasks-headers-tolerate-mcp-method-on-tools-call'],
  ['tasks-request-state-removal', 'tasks-request-state-removal-setup'],
  ['tasks-required-task-error', 'sep-2663-server-returns-missing-capability-when-required'],
  ['tasks-wire-fields', 'tasks-no-early-ttl-expiry'],
  ['tasks-wire-fields', 'tasks-no-related-task-meta-on-inlined-result'],
  ['tasks-wire-fields', 'tasks-wire-field-renames'],
];
const TASK_FAILURE =
  /Unknown tool: (slow_compute|greet|failing_job|protocol_error_job|test_tool_with_task|confirm_delete|multi_input)\b|no task was created|got -32601|capabilities\.extensions MUST be advertised|fixture from Check 2 unavailable|failing_job returned error code -32602/;

export const EXPECTED_FAILURES: readonly ExpectedFailure[] = [
  fixtureTool('tools-call-simple-text', 'test_simple_text'),
  fixtureTool('tools-call-image', 'test_image_content'),
  fixtureTool('tools-call-audio', 'test_audio_content'),
  fixtureTool('tools-call-embedded-resource', 'test_embedded_resource'),
  fixtureTool('tools-call-mixed-content', 'test_multiple_content_types'),
  fixtureTool('tools-call-error', 'test_error_handling'),
  fixtureTool('tools-call-with-progress', 'test_tool_with_progress'),
  fixtureTool('tools-call-sampling', 'test_sampling', 'tools-call-sampling', LEGACY),
  fixtureTool('tools-call-elicitation', 'test_elicitation', 'tools-call-elicitation', LEGACY),
  fixtureTool('elicitation-sep1034-defaults', 'test_elicitation_sep1034_defaults', 'elicitation-sep1034-general', [
    '2025-11-25',
  ]),
  fixtureTool('elicitation-sep1330-enums', 'test_elicitation_sep1330_enums', 'elicitation-sep1330-general', [
    '2025-11-25',
  ]),
  {
    mode: 'server',
    scenario: 'json-schema-2020-12',
    check: 'json-schema-2020-12-tool-found',
    status: 'FAILURE',
    reason: `${FIXTURE_TOOL}: json_schema_2020_12_tool. Every tool's schemas here are checked as JSON Schema 2020-12 by src/wiring/mcp-portable-schema.test.ts`,
    error: /json_schema_2020_12_tool/,
    revisions: SINCE_NOVEMBER,
  },
  missing(
    'tools-call-with-logging',
    'logging (logging/setLevel before a fixture tool)',
    'tools-call-with-logging',
    LEGACY,
  ),
  missing('logging-set-level', 'logging', 'logging-set-level', LEGACY),
  missing('completion-complete', 'completions'),
  fixtureResource('resources-read-text'),
  fixtureResource('resources-read-binary'),
  fixtureResource('resources-templates-read'),
  noSubscribe('resources-subscribe'),
  noSubscribe('resources-unsubscribe'),
  missing('prompts-list', 'prompts'),
  missing('prompts-get-simple', 'prompts'),
  missing('prompts-get-with-args', 'prompts'),
  missing('prompts-get-embedded-resource', 'prompts'),
  missing('prompts-get-with-image', 'prompts'),
  missing('caching', 'prompts (the caching hints of prompts/list)', 'sep-2549-prompts-list-caching-hints', MODERN),
  ...['server-sse-multiple-streams', 'server-sse-polling'].map((scenario): ExpectedFailure => ({
    mode: 'server',
    scenario,
    check: `${scenario}-session`,
    status: 'WARNING',
    reason:
      'a warning that the server gives no Mcp-Session-Id: /mcp is stateless by design (any instance answers any request, DESIGN "The path of a request"), which MCP 2025-11-25 Transports allows ("MAY assign a session ID"); GET for a server stream is 405 as the transport permits',
    error: /Server did not provide session ID/,
    revisions: ['2025-11-25'],
  })),
  notListed('server-stateless', 'sep-2575-server-rejects-undeclared-capability', 'test_missing_capability'),
  notListed('server-stateless', 'sep-2575-missing-capability-http-400', 'test_missing_capability'),
  notListed('server-stateless', 'sep-2575-http-server-no-independent-requests-on-stream', 'test_streaming_elicitation'),
  notListed('server-stateless', 'sep-2575-server-no-log-without-loglevel', 'test_logging_tool'),
  ...[
    'sep-2243-server-no-xmcp-tool',
    'sep-2243-server-decode-base64',
    'sep-2243-server-validate-param-match',
    'sep-2243-server-reject-invalid-param-chars',
    'sep-2243-server-reject-param-mismatch',
  ].map((check): ExpectedFailure => ({
    mode: 'server',
    scenario: 'http-custom-header-server-validation',
    check,
    status: 'FAILURE',
    reason:
      "needs a tool whose inputSchema marks an argument with x-mcp-header; this server mirrors no argument into headers, as MCP 2026-07-28 Tools advises for anything personal (headers are visible to intermediaries). The standard headers' checks (http-header-validation) pass",
    error: /exposes no tool with x-mcp-header/,
    revisions: MODERN,
  })),
  inputRequiredFixture(
    'input-required-result-basic-elicitation',
    'sep-2322-elicitation-incomplete',
    /Unknown tool: test_input_required_result_elicitation/,
  ),
  inputRequiredFixture(
    'input-required-result-basic-sampling',
    'sep-2322-sampling-incomplete',
    /Unknown tool: test_input_required_result_sampling/,
  ),
  inputRequiredFixture(
    'input-required-result-basic-list-roots',
    'sep-2322-list-roots-incomplete',
    /Unknown tool: test_input_required_result_list_roots/,
  ),
  inputRequiredFixture(
    'input-required-result-capability-check',
    'sep-2322-respect-client-capabilities',
    /Unknown tool: test_input_required_result_capabilities/,
  ),
  inputRequiredFixture(
    'input-required-result-ignore-extra-params',
    'sep-2322-ignore-unexpected-params',
    /Unknown tool: test_input_required_result_elicitation/,
    'WARNING',
  ),
  inputRequiredFixture(
    'input-required-result-missing-input-response',
    'sep-2322-missing-response-rerequests',
    /InputRequiredResult|re-request/i,
    'WARNING',
  ),
  inputRequiredFixture('input-required-result-multi-round', 'sep-2322-multi-round-r1', /Expected InputRequiredResult/),
  inputRequiredFixture(
    'input-required-result-multiple-input-requests',
    'sep-2322-multiple-inputs-incomplete',
    /Unknown tool: test_input_required_result_multiple_inputs/,
  ),
  inputRequiredFixture('input-required-result-non-tool-request', 'sep-2322-non-tool-incomplete', /Method not found/),
  inputRequiredFixture(
    'input-required-result-request-state',
    'sep-2322-request-state-incomplete',
    /Unknown tool: test_input_required_result_request_state/,
  ),
  inputRequiredFixture(
    'input-required-result-result-type',
    'sep-2322-result-type-included',
    /Unknown tool: test_input_required_result_elicitation/,
  ),
  inputRequiredFixture(
    'input-required-result-tampered-state',
    'sep-2322-reject-tampered-state',
    /could not get initial InputRequiredResult/,
  ),
  ...TASK_CHECKS.map(([scenario, check]) => tasks(scenario, check, TASK_FAILURE)),
  {
    mode: 'authorization',
    scenario: 'authorization-code-grant',
    check: 'authorization-code-grant',
    status: 'FAILURE',
    reason:
      'the suite sends its authorization request without a scope parameter; this service requires a scope (a request without one is refused here) and answers invalid_scope, which RFC 6749 3.3 allows ("fail the request indicating an invalid scope"). The redirect still carries state and iss (RFC 9207), checked by the test.',
    error: /Authorization error: invalid_scope The scope parameter is required/,
  },
];

export function expectedFailuresOf(mode: ExpectedFailure['mode'], revision?: Revision): ExpectedFailure[] {
  return EXPECTED_FAILURES.filter(
    (f) => f.mode === mode && (!revision || !f.revisions || f.revisions.includes(revision)),
  );
}

/** The suite's --expected-failures baseline (YAML, one `scenario:check` per line) for one revision's server run. */
export function baselineYaml(revision: Revision): string {
  return `server:\n${expectedFailuresOf('server', revision)
    .map((f) => `  - ${f.scenario}:${f.check}`)
    .join('\n')}\n`;
}
