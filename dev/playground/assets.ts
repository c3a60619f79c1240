/** The page's files, bundled once at startup (esbuild), and the bridge placed into the sidebar. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleForInlineScript } from '../../scripts/lib/browser-bundle';

export interface WebAssets {
  page: string;
  script: string;
  style: string;
  /** The sidebar page as the add-on served it, with google.script.run defined before its own scripts. */
  withBridge(html: string): string;
}

const WEB = join(__dirname, 'web');

const bundle = (entry: string) => bundleForInlineScript(join(WEB, entry));

export async function loadWebAssets(): Promise<WebAssets> {
  const [script, bridge] = await Promise.all([bundle('main.ts'), bundle('bridge.ts')]);
  const bridgeTag = `<script>${bridge}</script>`;
  return {
    page: readFileSync(join(WEB, 'index.html'), 'utf8'),
    style: readFileSync(join(WEB, 'style.css'), 'utf8'),
    script,
    withBridge(html) {
      const head = /<head[^>]*>/i.exec(html);
      if (!head) return bridgeTag + html;
      const at = head.index + head[0].length;
      return html.slice(0, at) + bridgeTag + html.slice(at);
    },
  };
}
