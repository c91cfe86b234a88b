// Operations that answer on any origin: the probes of a load balancer or an orchestrator, which
// know no school and send a pod address or their own name in Host
// (docs/operations.md "Behind a load balancer"). Liveness (/healthz) is the process alone, so nothing on its path may need the
// database: the site resolver does not look the probes' origin up (site-resolver.ts), and only
// readiness asks the database.
import { operations, type OperationId } from '../../generated/openapi/operations.ts';

export const SITE_FREE_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['getHealth', 'getReadiness']);

/** Their paths, which the site resolver leaves without a school. */
export const SITE_FREE_PATHS: ReadonlySet<string> = new Set([...SITE_FREE_OPERATIONS].map((id) => operations[id].path));
