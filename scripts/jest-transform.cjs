/**
 * Jest's TypeScript transform: esbuild strips the types (type-checking is `npm run typecheck`'s job).
 * Chosen over swc and ts-jest because esbuild is already the build's compiler, works with any
 * TypeScript version, and its platform binaries install from this project's registry.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(sourceText, sourcePath) {
    const { code, map } = transformSync(sourceText, {
      loader: /\.tsx?$/.test(sourcePath) ? 'ts' : 'js',
      format: 'cjs',
      target: 'es2022',
      sourcemap: 'external',
      sourcefile: sourcePath,
      sourcesContent: false,
    });
    return { code, map };
  },
};
