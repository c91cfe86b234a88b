// The layers of shared/DESIGN.md, checked by dependency-cruiser (`npm run lint:layers`, run in CI).
// "The shape in one paragraph": edges (express, openapi-backend, GraphQL, MCP, pages) call handlers;
// handlers call services, which hold the rules; services call repositories, which alone hold SQL.
// Every rule below keeps one habit of that document; a violation fails the run. There is no
// known-violations file: what the code cannot meet is said here, next to the rule it narrows.
//
// Type-only imports count (tsPreCompilationDeps): a type borrowed from an upper layer couples the
// lower one to it as surely as a value does.

/**
 * The edges: the only code that knows a transport (HTTP, pages, GraphQL, MCP), with their handlers
 * (admin/handlers, oauth/handlers, public/handlers for the text documents and probes). The OAuth
 * domain modules (oauth/grants, clients, standing, authorize, keys) are not edges: they act as the
 * authorization server's service layer, and edges call them. They are not held to the
 * services-free-of-edges rule: oauth/authorize is the authorization endpoint's flow of named steps,
 * which ends in the consent and error pages (web/), and oauth/clients/metadata-document-deps.ts
 * reads the request context's types to build a lookup's dependencies.
 */
const EDGES = '^src/(http|web|admin|graphql|mcp|public)/|^src/oauth/handlers/';

/** Handler folders: one file per operationId, reached through the handler maps. */
const HANDLERS = '^src/(admin|oauth|public)/handlers/';

module.exports = {
  forbidden: [
    {
      name: 'lib-is-leaf',
      comment:
        'lib/ holds small pure helpers (DESIGN folder tree): anything of src may use them, so they may use nothing of src ' +
        'but each other, or a helper would drag a layer into every caller.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'config-reads-only-lib',
      comment:
        'config/ is the only reader of process.env and is read once (DESIGN habit 9): it is loaded before everything ' +
        'else, so it may lean on lib/ alone.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: '^src/(config|lib)/' },
    },
    {
      name: 'db-below-services',
      comment:
        'db/ is the bottom layer: repositories own SQL (DESIGN habit 4) and are called by services, so db/ may use ' +
        'db/, lib/ and config/ only; a service or an edge imported from here would invert the layers.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db|lib|config)/' },
    },
    {
      name: 'services-free-of-edges',
      comment:
        'Services hold the rules, free of express (DESIGN folder tree; habits 3, 6, 15): they throw their own typed ' +
        'errors and take their helpers from services/ or db/, so no service imports http/, web/, admin/, graphql/, ' +
        'mcp/, public/ or oauth/handlers/. The composition root that wires services with edges lives in src/wiring/.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: EDGES },
    },
    {
      name: 'no-edge-below-services',
      comment:
        'No file under db/ or services/ imports an edge (DESIGN habit 15: shared helpers live where every caller may ' +
        'reach them). Kept apart from the two rules above so that the report names this habit by itself.',
      severity: 'error',
      from: { path: '^src/(db|services)/' },
      to: { path: EDGES },
    },
    {
      name: 'handlers-call-services-not-repositories',
      comment:
        'A handler is short named steps that call a service (DESIGN habits 2, 4; "The path of a request"): it never ' +
        'reaches a repository. The OAuth domain modules (oauth/grants, clients, standing, authorize, keys) are the ' +
        "authorization server's service layer and may; handlers and edges call them instead.",
      severity: 'error',
      from: { path: EDGES },
      to: { path: '^src/db/repositories/' },
    },
    {
      name: 'handlers-reached-through-handler-maps',
      comment:
        'The spec is the route table and handlers are one per operation (DESIGN habits 1, 2): http/handler-map.ts ' +
        'alone imports them. Anything two handlers or a page share lives in a module both may reach (a service, ' +
        'web/sessions.ts, an OAuth domain module), not in one of the handlers.',
      severity: 'error',
      from: { pathNot: `${HANDLERS}|^src/wiring/handler-map[.]ts$` },
      to: { path: HANDLERS },
    },
    {
      name: 'wiring-is-the-top',
      comment:
        'src/wiring/ is the composition root that createApp(deps) calls (DESIGN habits 10, 12): it wires services ' +
        'with what the edges need, so a service, a repository, lib/ or config/ importing it would import the edges ' +
        'through it. Edges may import its `Services` type.',
      severity: 'error',
      from: { path: '^src/(services|db|lib|config)/' },
      to: { path: '^src/wiring/' },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle makes the order of module evaluation decide behaviour and hides which layer depends on which ' +
        '(DESIGN "small files with one job"): every import points one way.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'generated-runs-without-src',
      comment:
        'generated/ is written only by `npm run generate` from spec/ (DESIGN habit 7): at run time it depends on ' +
        'nothing hand-written, so the spec, not the code, decides its shape.',
      severity: 'error',
      from: { path: '^generated/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'generated-types-only-from-codegen-mappers',
      comment:
        "generated/ never imports src, with one exception that codegen.ts declares: graphql-codegen's " +
        "typescript-resolvers plugin types each resolver's context and parent objects with the hand-written " +
        'GraphQLContext (contextType) and the parent types of mappers (src/graphql/context.ts, mappers.ts), as ' +
        'type-only imports. Any other import of src from generated/ fails.',
      severity: 'error',
      from: { path: '^generated/' },
      to: { path: '^src/', pathNot: '^src/graphql/(context|mappers)[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
