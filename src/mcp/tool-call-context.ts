// The context one tool call runs with: a class, its lazy tool list a getter on the prototype, since
// an object's own accessor closing over the call keeps the call's data alive in V8's old generation
// (the rule and its measurement: eslint.config.js, bench/FINDINGS.md "Accessor literals").
import type { AuthInfo } from '../http/bearer-guard.ts';
import type { SiteContext } from '../http/request-context.ts';
import type { McpServices } from './mcp-services.ts';
import type { Site } from '../services/school/sites.ts';
import type { Logger } from 'pino';
import type { ToolContext, ToolRegistry } from './registry.ts';

export class ToolCallContext implements ToolContext {
  readonly site: Site;
  readonly services: McpServices;
  readonly auth: AuthInfo | undefined;
  readonly log: Logger;
  readonly now: Date;
  readonly requestContext: SiteContext;
  readonly #registry: ToolRegistry;
  #availableTools: readonly string[] | undefined;

  constructor(fields: Omit<ToolContext, 'availableTools'>, registry: ToolRegistry) {
    this.site = fields.site;
    this.services = fields.services;
    this.auth = fields.auth;
    this.log = fields.log;
    this.now = fields.now;
    this.requestContext = fields.requestContext;
    this.#registry = registry;
  }

  /**
   * Worked out only when a tool reads it (whoami): it walks every registered tool, 130+ with the
   * operator tools, which cost more than a member tool's own work when done on every call.
   */
  get availableTools(): readonly string[] {
    return (this.#availableTools ??= this.#registry.visibleTo(this.auth).map((t) => t.definition.name));
  }
}
