/**
 * Import boundaries of the architecture page. `npm run lint` fails on any violation.
 * TypeScript 7 has no JavaScript API, so the files are parsed with swc.
 */
const project = '^(src|machines|server|tests|scripts)/'

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports nothing of ours and no React, DOM, network, database or Node APIs',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        pathNot: '^src/domain/',
        path: [
          project,
          '^node_modules/(react|react-dom|wretch|idb-keyval|drizzle-orm|hono|@hono|pg|@electric-sql|@tanstack|@lingui/react|xstate|@xstate|workbox-)',
        ],
      },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'machines-import-only-domain',
      comment: 'machines import only src/domain; side effects are actors provided from outside',
      severity: 'error',
      from: { path: '^machines/' },
      to: {
        path: [project, '^node_modules/(react|react-dom|wretch|idb-keyval|@xstate/react)'],
        pathNot: ['^src/domain/', '^machines/'],
      },
    },
    {
      name: 'client-does-not-import-server',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-only-domain-of-the-client',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines|tests|scripts)/', pathNot: '^src/domain/' },
    },
    {
      name: 'lib-is-below-features',
      severity: 'error',
      from: { path: '^src/(lib|components)/' },
      to: { path: '^src/(features|routes)/' },
    },
    {
      name: 'wretch-only-in-lib',
      severity: 'error',
      from: { pathNot: '^src/lib/' },
      to: { path: '^node_modules/wretch' },
    },
    {
      name: 'idb-keyval-only-in-lib',
      severity: 'error',
      from: { pathNot: '^src/lib/' },
      to: { path: '^node_modules/idb-keyval' },
    },
    {
      name: 'drizzle-only-in-db-and-services',
      severity: 'error',
      from: { pathNot: '^(server/db|server/services|tests/server|tests/resilience)/' },
      to: { path: '^node_modules/drizzle-orm' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(virtual:|~|/)' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^styled-system/|routeTree\\.gen\\.ts$|^dist/)' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
}
