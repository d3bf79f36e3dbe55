/**
 * The one-way imports of ARCHITECTURE.md: shared ← main/core ← main/electron; shared ←
 * renderer features ← renderer/app; server imports only src/shared.
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
        path: '^(src/(main|preload|renderer)|server)/|(^|/)node_modules/(electron|react|react-dom)/',
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
      to: { path: '^(src/main|src/preload|server)/|(^|/)node_modules/electron/' },
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
      name: 'server-uses-only-shared',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/(main|preload|renderer)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.server.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
