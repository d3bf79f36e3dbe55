/**
 * The one-way imports of ARCHITECTURE.md: shared ← main/core ← main/electron; shared ←
 * renderer components, lib and api ← renderer features ← renderer/app; the server imports only
 * src/shared and src/node, and its data layer nothing of HTTP.
 */
const NODE_OR_ELECTRON = { dependencyTypes: ['core'] }

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared runs in the renderer, the main process and the server alike.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: {
        path: '^(src/(main|preload|renderer|node)|server)/|(^|/)node_modules/(electron|react|react-dom)/',
      },
    },
    {
      name: 'shared-no-node',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: NODE_OR_ELECTRON,
    },
    {
      name: 'core-is-host-agnostic',
      comment: 'src/main/core receives its ports; it does not import electron or its hosts.',
      severity: 'error',
      from: { path: '^src/main/core/' },
      to: {
        path: '^(src/main/electron|src/preload|src/renderer|server)/|(^|/)node_modules/electron/',
      },
    },
    {
      name: 'preload-is-narrow',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^(src/main|src/renderer|server)/' },
    },
    {
      name: 'renderer-is-sandboxed',
      comment: 'The renderer has no Node and never reaches into the main process or the server.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^(src/main|src/preload|src/node|server)/|(^|/)node_modules/electron/' },
    },
    {
      name: 'renderer-no-node',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: NODE_OR_ELECTRON,
    },
    {
      name: 'feature-public-face',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^src/renderer/src/features/([^/]+)/' },
      to: {
        path: '^src/renderer/src/features/[^/]+/',
        pathNot: [
          '^src/renderer/src/features/$1/',
          '^src/renderer/src/features/[^/]+/index\\.tsx?$',
        ],
      },
    },
    {
      name: 'shared-through-alias',
      comment: "Code outside src/shared imports it as '@shared/…', never by climbing folders.",
      severity: 'error',
      from: { pathNot: '^src/shared/' },
      to: { path: '^src/shared/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'renderer-through-alias',
      comment:
        "A feature's subfolder imports the renderer's components, lib and api as '@/…', never by climbing three folders.",
      severity: 'error',
      from: { path: '^src/renderer/src/features/[^/]+/[^/]+/' },
      to: {
        path: '^src/renderer/src/(components|lib|api)/',
        dependencyTypesNot: ['aliased-tsconfig-paths'],
      },
    },
    {
      name: 'renderer-layers',
      comment:
        'Shared components, lib and api serve every feature, so they never import one (nor the app).',
      severity: 'error',
      from: { path: '^src/renderer/src/(components|lib|api)/' },
      to: { path: '^src/renderer/src/(features|app)/' },
    },
    {
      name: 'node-code-is-shared',
      comment: 'src/node: Node-only code of the server and the preview host, depending on neither.',
      severity: 'error',
      from: { path: '^src/node/' },
      to: { path: '^(src/(main|preload|renderer)|server)/|(^|/)node_modules/electron/' },
    },
    {
      name: 'server-db-knows-no-http',
      comment:
        'The data layer answers in its own terms; the routes decide what that means in HTTP.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/(routes/|errors\\.ts$)' },
    },
    {
      name: 'server-uses-only-shared',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/(main|preload|renderer)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
