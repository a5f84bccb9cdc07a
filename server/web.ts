/**
 * Serves the built web app (dist/web) beside the API, when it has been built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './http/context.ts';
import { PROJECT_ROOT } from '../project/root.ts';

const WEB_DIR = path.join(PROJECT_ROOT, 'dist', 'web');

export async function webApp(): Promise<((app: Hono<AppEnv>) => void) | undefined> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) return undefined;
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const root = path.relative(process.cwd(), WEB_DIR);
  return (app) => {
    // Asset names carry a hash of their content (Vite): a browser keeps them for good. The page
    // itself is checked again on each visit, so a new build's page, naming new assets, is seen.
    app.use(
      '/assets/*',
      serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    );
    // A missing asset is a 404, not the page: a stale page asking for an old chunk must fail as such.
    app.all('/assets/*', (c) => c.text('Not Found', 404));
    app.get(
      '*',
      serveStatic({ root, path: 'index.html', onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }),
    );
  };
}
