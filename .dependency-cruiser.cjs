/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle makes module load order matter and ties the modules into one unit; ' +
        "type-only imports count too, because they bind the modules' designs just the same.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // swc parses the sources because TypeScript 7 has no compiler API for dependency-cruiser to use; it keeps
    // `import type` edges, so type-only cycles count (tsPreCompilationDeps would ask for that API again).
    parser: 'swc',
    // The web app's tsconfig carries its `@/` alias; its resolution settings suit the server and packages too.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
