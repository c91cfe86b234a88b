// Every check of the public MCP conformance suite (@modelcontextprotocol/conformance) that this
// service is expected to fail, with the reason, in one place. The tests fail when a listed check
// passes (a stale entry) and when a check fails that is not listed, or fails for another reason
// than the one given here (`error` must match the check's message).
//
// Most `server` scenarios drive the suite's own reference server: they call fixture tools named
// test_*, read fixture resources test://..., and use prompts, completions, logging and resource
// subscriptions. This /mcp is a product server whose capabilities are `tools` and `resources`
// (without `subscribe`); it answers the optional methods it does not offer with JSON-RPC -32601
// "Method not found", unknown tools with -32602 and unknown resources with -32002, as MCP
// 2025-11-25 requires. What the suite checks of any server passes: initialize, ping, tools/list
// (names, schemas), resources/list, the wire schema of every message, DNS-rebinding protection.
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
};

const FIXTURE_TOOL =
  "calls a fixture tool of the suite's reference server (test_*), which a product server does not have; unknown tools are -32602 (MCP 2025-11-25 Tools)";
const NO_CAPABILITY = (capability: string) =>
  `uses ${capability}, a capability this server does not declare (it declares tools only); the method is -32601 Method not found (MCP 2025-11-25 Lifecycle, capability negotiation)`;

const FIXTURE_RESOURCE =
  "reads a fixture resource of the suite's reference server (test://...), which a product server does not have; its resources are this school's documents and course pages, and an unknown URI is -32002 Resource not found (MCP 2025-11-25 Resources, Error Handling)";
const NO_SUBSCRIBE =
  'subscribes to a resource; this server declares resources without `subscribe` (its documents are read on demand, nothing is pushed), so the method is -32601 Method not found (MCP 2025-11-25 Resources, Subscriptions: optional)';

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
});

const fixtureTool = (scenario: string, tool: string): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check: scenario,
  status: 'FAILURE',
  reason: FIXTURE_TOOL,
  error: new RegExp(`Unknown tool: ${tool}\\b`),
});
const missing = (scenario: string, capability: string, check = scenario): ExpectedFailure => ({
  mode: 'server',
  scenario,
  check,
  status: 'FAILURE',
  reason: NO_CAPABILITY(capability),
  error: /Method not found/,
});

export const EXPECTED_FAILURES: readonly ExpectedFailure[] = [
  fixtureTool('tools-call-simple-text', 'test_simple_text'),
  fixtureTool('tools-call-image', 'test_image_content'),
  fixtureTool('tools-call-audio', 'test_audio_content'),
  fixtureTool('tools-call-embedded-resource', 'test_embedded_resource'),
  fixtureTool('tools-call-mixed-content', 'test_multiple_content_types'),
  fixtureTool('tools-call-error', 'test_error_handling'),
  fixtureTool('tools-call-with-progress', 'test_tool_with_progress'),
  fixtureTool('tools-call-sampling', 'test_sampling'),
  fixtureTool('tools-call-elicitation', 'test_elicitation'),
  {
    ...fixtureTool('elicitation-sep1034-defaults', 'test_elicitation_sep1034_defaults'),
    check: 'elicitation-sep1034-general',
  },
  {
    ...fixtureTool('elicitation-sep1330-enums', 'test_elicitation_sep1330_enums'),
    check: 'elicitation-sep1330-general',
  },
  missing('tools-call-with-logging', 'logging (logging/setLevel before a fixture tool)'),
  missing('logging-set-level', 'logging'),
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
  {
    mode: 'server',
    scenario: 'server-sse-multiple-streams',
    check: 'server-sse-multiple-streams-session',
    status: 'WARNING',
    reason:
      'a warning that the server gives no Mcp-Session-Id: /mcp is stateless by design (any instance answers any request, DESIGN "The path of a request"), which MCP 2025-11-25 Transports allows ("MAY assign a session ID"); GET for a server stream is 405 as the transport permits',
    error: /Server did not provide session ID/,
  },
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

export function expectedFailuresOf(mode: ExpectedFailure['mode']): ExpectedFailure[] {
  return EXPECTED_FAILURES.filter((f) => f.mode === mode);
}

/** The suite's --expected-failures baseline (YAML, one `scenario:check` per line) for the server mode. */
export function baselineYaml(mode: 'server'): string {
  return `${mode}:\n${expectedFailuresOf(mode)
    .map((f) => `  - ${f.scenario}:${f.check}`)
    .join('\n')}\n`;
}
