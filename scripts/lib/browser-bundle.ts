import { build } from 'esbuild';

/**
 * Bundles a browser entry into one script that is safe to inline in a `<script>` tag: a literal
 * "</script" inside the code would end the tag early. Used by the sidebar build and the playground.
 */
export async function bundleForInlineScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
}
