/**
 * Serves the built web app (dist/web) beside the API, when it has been built.
 *
 * The page of a create, edit or view screen names the form screen's code and the widgets'
 * stylesheet in its head (read from Vite's manifest), so the browser fetches and compiles them
 * beside the app's own code instead of after it has run: the app asks for them only once its
 * code is in (renderers/app/prefetch.ts), one round trip and one compile later. Measured on the
 * I-9 edit screen: bench/results.md, "The edit screen's first paint".
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './http/context.ts';
import { PROJECT_ROOT } from '../project/root.ts';
import { screenOf } from '../engine/screen-path.ts';

const WEB_DIR = path.join(PROJECT_ROOT, 'dist', 'web');
const PAGE = path.join(WEB_DIR, 'index.html');
const MANIFEST = path.join(WEB_DIR, '.vite', 'manifest.json');

/**
 * The sources whose built files a form screen's page names: the screen's code and the forms it
 * draws with (the app root's, loaded beside it: web/record-forms.ts), the widgets' styles. Paths
 * from the project's root; the manifest names them from web/, the build's root.
 */
const FORM_SCREEN_SOURCES = {
  code: ['renderers/screens/record/RecordScreen.tsx', 'web/record-forms.ts'],
  styles: 'forms/styles/forms-styles.ts',
};

/** Whether the manifest's `src` (relative to web/) is the project's file `file`. */
const isSource = (src: string | undefined, file: string) =>
  !!src && path.posix.normalize(`web/${src}`) === path.posix.normalize(file);

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
}

/**
 * The tags a form screen's page adds to its head: the screen's code as a module preload and the
 * widgets' stylesheet as the page's own (the app's loader finds it there and adds no second one).
 * `crossorigin` as the app's loader asks for them, so both requests are one.
 */
export function formScreenHead(manifest: Record<string, ManifestChunk>): string {
  const chunks = Object.values(manifest);
  const bySource = (src: string) => chunks.find((c) => isSource(c.src, src));
  const code = FORM_SCREEN_SOURCES.code.map(bySource).filter((c) => c !== undefined);
  const styles = bySource(FORM_SCREEN_SOURCES.styles);
  const css = [
    ...code.flatMap((c) => c.css ?? []),
    ...(styles?.file.endsWith('.css') ? [styles.file] : []),
    ...(styles?.css ?? []),
  ];
  return [
    ...code.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ].join('\n    ');
}

/** The page with `head` added at the end of its head. */
const withHead = (page: string, head: string) => (head ? page.replace('</head>', `  ${head}\n  </head>`) : page);

export async function webApp(): Promise<((app: Hono<AppEnv>) => void) | undefined> {
  if (!existsSync(PAGE)) return undefined;
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const root = path.relative(process.cwd(), WEB_DIR);
  /** The form screens' page, read again when a build replaced the page (it names new files). */
  let formPage: { source: string; page: string } | undefined;
  const formScreenPage = async (): Promise<string> => {
    const source = await readFile(PAGE, 'utf8');
    if (formPage?.source === source) return formPage.page;
    const manifest = existsSync(MANIFEST)
      ? (JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    formPage = { source, page: withHead(source, formScreenHead(manifest)) };
    return formPage.page;
  };
  const servePage = serveStatic({
    root,
    path: 'index.html',
    onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
  });
  return (app) => {
    // Asset names carry a hash of their content (Vite): a browser keeps them for good. The page
    // itself is checked again on each visit, so a new build's page, naming new assets, is seen.
    app.use(
      '/assets/*',
      serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    );
    // A missing asset is a 404, not the page: a stale page asking for an old chunk must fail as such.
    app.all('/assets/*', (c) => c.text('Not Found', 404));
    app.get('*', async (c: Context<AppEnv>, next) => {
      const screen = screenOf(c.req.path);
      if (!screen || screen.screen === 'list') return servePage(c, next);
      c.header('Cache-Control', 'no-cache');
      return c.html(await formScreenPage());
    });
  };
}
