// openapi-backend's router rebuilds the flattened operation list (a lodash chain over the whole
// document) and compiles a RegExp per operation on every request, several times per request: with
// 130+ operations that was 40% of a discovery request's CPU (bench/FINDINGS.md "Precompiled router"). The
// document never changes after init, so this freezes the list once and answers the same three
// questions from precomputed tables. Semantics are openapi-backend's own (router.js
// matchOperation): an exact path wins; otherwise the templated match with the longest literal part
// and the request's method; a path that matches with no such method is a 405, none at all a 404.
import type { OpenAPIRouter, Operation, Request } from 'openapi-backend';

type Route = { operation: Operation; pattern: RegExp; specificity: number };

/** openapi-backend router.js pathTemplateToPattern: `/courses/{course_id}` matches `/courses/<one segment>`. */
export function pathTemplateToRegExp(path: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${path
      .split(/\{[^}]+\}/)
      .map(literal)
      .join('[^/]+')}$`,
  );
}

export function precompileRouter(router: OpenAPIRouter): void {
  const operations = router.getOperations();
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const exact = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
  // Longest literal part first; a stable sort keeps document order among equals, as lodash's orderBy.
  const routes: Route[] = operations
    .map((operation) => ({
      operation,
      pattern: pathTemplateToRegExp(operation.path),
      specificity: operation.path.replace(/\{.*?\}/g, '').length,
    }))
    .sort((a, b) => b.specificity - a.specificity);

  router.getOperations = () => operations;
  router.getOperation = (operationId: string) => byId.get(operationId);
  router.matchOperation = ((req: Request, strict?: boolean) => {
    const { path, method } = router.normalizeRequest(req);
    const relative = router.normalizePath(path);
    const hit = exact.get(`${method} ${relative}`);
    if (hit) return hit;
    let pathMatched = false;
    for (const route of routes) {
      if (!route.pattern.test(relative)) continue;
      if (route.operation.method === method) return route.operation;
      pathMatched = true;
    }
    if (!strict) return undefined;
    throw new Error(
      pathMatched
        ? '405-methodNotAllowed: this method is not registered for the route'
        : '404-notFound: no route matches request',
    );
  }) as OpenAPIRouter['matchOperation'];
}
