/**
 * Serves the built web app (dist/web) beside the API, when it has been built.
 *
 * The page of a create, edit or view screen names in its head (read from Vite's manifest) a first
 * script that asks for the page's data at once (web/early-data.ts), and the form screen's code and
 * the widgets' stylesheet; a list page names the list screen's code. The browser then fetches them
 * beside the app's own code instead of after it has run: the app asks for them only once its code
 * is in (renderers/app/prefetch.ts), one round trip and one compile later. Measured on the
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

/** What a screen's page names in its head, by source: see SCREEN_SOURCES. */
interface ScreenSources {
  /** Its first script, run as soon as it arrives (web/early-data.ts: asks for the page's data). */
  first?: string;
  /** The screen's code. */
  code: string[];
  /** Styles of its own. */
  styles?: string;
}

/**
 * The sources whose built files a screen's page names. A form (create, edit, view) page: its first
 * script, the screen's code and the forms it draws with (the app root's, loaded beside it:
 * web/record-forms.ts), the widgets' styles. A list page: the list screen's code. Paths from the
 * project's root; the manifest names them from web/, the build's root.
 */
const SCREEN_SOURCES: Record<'form' | 'list', ScreenSources> = {
  form: {
    first: 'web/early-data.ts',
    code: ['renderers/screens/record/RecordScreen.tsx', 'web/record-forms.ts'],
    styles: 'forms/styles/forms-styles.ts',
  },
  list: { code: ['renderers/screens/list/ListScreen.tsx'] },
};

/** Whether the manifest's `src` (relative to web/) is the project's file `file`. */
const isSource = (src: string | undefined, file: string) =>
  !!src && path.posix.normalize(`web/${src}`) === path.posix.normalize(file);

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  /** Manifest keys of the chunks it imports statically. */
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** The chunk's name: its source's file name without the extension. */
  name?: string;
}

export interface ScreenHead {
  /** Tags first in the head: the page's first script, fetched before anything else. */
  first: string;
  /** Tags last in the head: the code and styles. */
  last: string;
}

/**
 * The tags a screen's page adds to its head: its first script (run as soon as it arrives), the
 * screen's code and every chunk it imports as module preloads (the browser fetches a preloaded
 * module's imports only once it runs it), and its stylesheet as the page's own (the app's loader
 * finds it there and adds no second one). `crossorigin` as the app's loader asks for them, so each
 * request is one.
 */
export function screenHead(manifest: Record<string, ManifestChunk>, sources: ScreenSources): ScreenHead {
  const entries = Object.entries(manifest);
  // A dynamic entry that shares its chunk with another module has no `src` in the manifest, only
  // its name (`web/record-forms.ts` as `record-forms`): found by name then.
  const bySource = (src: string) =>
    entries.find(([, c]) => isSource(c.src, src)) ??
    entries.find(([, c]) => !c.src && c.isDynamicEntry && c.name === path.posix.basename(src).replace(/\.[^.]+$/, ''));
  /** Files of `roots` and what they import, depth first, without the app's entry (the page loads it). */
  const withImports = (roots: [string, ManifestChunk][]): ManifestChunk[] => {
    const seen = new Set<string>();
    const out: ManifestChunk[] = [];
    const visit = (key: string, chunk: ManifestChunk | undefined) => {
      if (!chunk || seen.has(key) || (chunk.isEntry && chunk.src === 'index.html')) return;
      seen.add(key);
      out.push(chunk);
      for (const dep of chunk.imports ?? []) visit(dep, manifest[dep]);
    };
    for (const [key, chunk] of roots) visit(key, chunk);
    return out;
  };
  const first = sources.first ? bySource(sources.first) : undefined;
  const firstDeps = first ? withImports([first]).slice(1) : [];
  const code = withImports(sources.code.map(bySource).filter((c) => c !== undefined)).filter(
    (c) => !firstDeps.includes(c),
  );
  const styles = sources.styles ? bySource(sources.styles)?.[1] : undefined;
  const css = [
    ...code.flatMap((c) => c.css ?? []),
    ...(styles?.file.endsWith('.css') ? [styles.file] : []),
    ...(styles?.css ?? []),
  ];
  const preload = (c: ManifestChunk) => `<link rel="modulepreload" crossorigin href="/${c.file}">`;
  return {
    first: first
      ? [`<script type="module" async crossorigin src="/${first[1].file}"></script>`, ...firstDeps.map(preload)].join(
          '\n    ',
        )
      : '',
    last: [...code.map(preload), ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)].join('\n    '),
  };
}

/** The page with `head.first` first in its head and `head.last` at its end. */
const withHead = (page: string, head: ScreenHead) => {
  let out = page;
  if (head.first) out = out.replace('<head>', `<head>\n    ${head.first}`);
  if (head.last) out = out.replace('</head>', `  ${head.last}\n  </head>`);
  return out;
};

export async function webApp(): Promise<((app: Hono<AppEnv>) => void) | undefined> {
  if (!existsSync(PAGE)) return undefined;
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const root = path.relative(process.cwd(), WEB_DIR);
  /** The screens' pages, made again when a build replaced the page (it names new files). */
  let pages: { source: string; form: string; list: string } | undefined;
  const screenPage = async (kind: 'form' | 'list'): Promise<string> => {
    const source = await readFile(PAGE, 'utf8');
    if (pages?.source !== source) {
      const manifest = existsSync(MANIFEST)
        ? (JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, ManifestChunk>)
        : {};
      pages = {
        source,
        form: withHead(source, screenHead(manifest, SCREEN_SOURCES.form)),
        list: withHead(source, screenHead(manifest, SCREEN_SOURCES.list)),
      };
    }
    return pages[kind];
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
      if (!screen) return servePage(c, next);
      c.header('Cache-Control', 'no-cache');
      return c.html(await screenPage(screen.screen === 'list' ? 'list' : 'form'));
    });
  };
}
