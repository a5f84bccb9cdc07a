/**
 * Serves the built web app (dist/web) beside the API, when it has been built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './http/context.ts';
import { PROJECT_ROOT } from './project-root.ts';

export const WEB_DIR = path.join(PROJECT_ROOT, 'dist', 'web');

export async function webApp(): Promise<((app: Hono<AppEnv>) => void) | undefined> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) return undefined;
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const root = path.relative(process.cwd(), WEB_DIR);
  return (app) => {
    app.use('/assets/*', serveStatic({ root }));
    app.get('*', serveStatic({ root, path: 'index.html' }));
  };
}
