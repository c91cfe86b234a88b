// The floors of docs/layout.md, checked by dependency-cruiser (`npm run lint:layers`, run in CI;
// `node scripts/layer-graph.ts` draws the folder graph). Bottom up: lib/ and config/, db/, metrics/,
// services/ (every rule, services/auth/ included), http/ (the edge kit), the edges, wiring/ (the
// route table), app.ts, process/, main.ts. Every import points down a floor or stays on its own;
// the edges never import one another. A violation fails the run; nothing is exempted.
//
// No import points back up. The one reference that does is not an import: http/pages/ renders the
// templates and catalogues of web/views/ and web/locales/, which it reads from disk, because every
// edge renders pages (sign-in, consent, error and API reference pages) while web/ owns their words.
//
// Type-only imports count (tsPreCompilationDeps): a type borrowed from an upper layer couples the
// lower one to it as surely as a value does. Tests count too: a test lives on its code's floor.

/** The edges: the only code that knows a transport (pages, OAuth endpoints, admin REST, GraphQL, MCP, documents). */
const EDGE_NAMES = 'oauth|admin|graphql|mcp|web|public';
const EDGES = `^src/(${EDGE_NAMES})/`;

/** Above the edges: the route table, the app factory and the process. */
const ABOVE_EDGES = '^src/(wiring|process)/|^src/(app|main)[.]ts$';

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
      name: 'metrics-below-services',
      comment:
        'metrics/ is the registry every layer may count into (the request observer in http/, the grant-use flushes ' +
        'and the metadata fetch in services/): it may use metrics/, db/ (the pool probe), lib/ and config/ only. ' +
        'Its listener is started by process/.',
      severity: 'error',
      from: { path: '^src/metrics/' },
      to: { path: '^src/', pathNot: '^src/(metrics|db|lib|config)/' },
    },
    {
      name: 'services-free-of-edges',
      comment:
        "Services hold every rule, the authorization server's (services/auth/) included, free of express (DESIGN " +
        'folder tree; habits 3, 6, 15): they throw their own typed errors and take their helpers from services/, ' +
        'metrics/, db/, lib/ or config/, so no service imports http/, an edge, wiring/, app.ts or process/.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/', pathNot: '^src/(services|metrics|db|lib|config)/' },
    },
    {
      name: 'no-edge-below-services',
      comment:
        'No file under lib/, config/, db/, metrics/ or services/ imports http/ or an edge (DESIGN habit 15: shared ' +
        'helpers live where every caller may reach them). Kept apart from the rules above so that the report names ' +
        'this habit by itself.',
      severity: 'error',
      from: { path: '^src/(lib|config|db|metrics|services)/' },
      to: { path: `^src/http/|${EDGES}` },
    },
    {
      name: 'http-is-the-shared-edge-kit',
      comment:
        'http/ is the kit every edge uses (openapi-backend, the bearer guard, site resolution, renderers, pages): it ' +
        'may use services/ and below, never an edge, the route table or the app, or the edges would import one ' +
        'another through it.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: `${EDGES}|${ABOVE_EDGES}` },
    },
    {
      name: 'edges-never-import-each-other',
      comment:
        'Each edge (oauth/, admin/, graphql/, mcp/, web/, public/) imports services, lib and the http/ kit, never ' +
        'another edge: what two edges share moves down (DESIGN folder tree), or createApp passes it in (the MCP ' +
        'operator tools get the handler map from app.ts).',
      severity: 'error',
      from: { path: `^src/(${EDGE_NAMES})/` },
      to: { path: EDGES, pathNot: '^src/$1/' },
    },
    {
      name: 'handlers-call-services-not-repositories',
      comment:
        'A handler is short named steps that call a service (DESIGN habits 2, 4; "The path of a request"): no edge ' +
        'and no part of the http/ kit reaches a repository; the rules that do are services (the authorization ' +
        "endpoint's decision is services/auth/authorize/decision.ts).",
      severity: 'error',
      from: { path: `^src/http/|${EDGES}` },
      to: { path: '^src/db/repositories/' },
    },
    {
      name: 'handlers-reached-through-handler-maps',
      comment:
        'The spec is the route table and handlers are one per operation (DESIGN habits 1, 2): wiring/handler-map.ts ' +
        'alone imports them. Anything two handlers or a page share lives in a module both may reach (a service, ' +
        'the http/ kit), not in one of the handlers.',
      severity: 'error',
      from: { pathNot: `${HANDLERS}|^src/wiring/handler-map[.]ts$` },
      to: { path: HANDLERS },
    },
    {
      name: 'wiring-is-the-top',
      comment:
        'wiring/ joins the handlers of every edge into the route table (DESIGN habits 1, 10, 12): only app.ts, ' +
        'process/ and main.ts may import it, or an edge would reach the other edges through it. createApp hands ' +
        'the table to the edges that need it.',
      severity: 'error',
      from: { path: '^src/', pathNot: ABOVE_EDGES },
      to: { path: '^src/wiring/' },
    },
    {
      name: 'process-on-top',
      comment:
        'process/ and main.ts run the process (DESIGN habit 10: the app factory is separate from the process): ' +
        'listen, signals, commands. Nothing below them imports them; app.ts is what they start.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/process/|^src/main[.]ts$' },
      to: { path: '^src/process/|^src/main[.]ts$' },
    },
    {
      name: 'app-below-process',
      comment:
        'app.ts is createApp(deps) (DESIGN habit 10): process/ builds it; no edge, service or lower file imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/process/|^src/(app|main)[.]ts$' },
      to: { path: '^src/app[.]ts$' },
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
