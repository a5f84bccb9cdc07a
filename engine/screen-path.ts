/**
 * Which dynamic-form screen a path names (/:module/:datatype/list|create|edit/:key|view/:key), for
 * what the web app loads ahead (renderers/app/prefetch.ts) and the server names in the page
 * (server/web.ts). Pure.
 */
const PAGE = /^\/([a-z]+)\/([a-z0-9_]+)\/(list|create|edit|view)(?:\/([^/?#]+))?\/?$/;

export interface ScreenPath {
  module: string;
  type: string;
  screen: 'list' | 'create' | 'edit' | 'view';
  key?: string;
}

/** What a path of the dynamic-form screens names, or undefined for any other path. */
export function screenOf(pathname: string): ScreenPath | undefined {
  const m = PAGE.exec(pathname);
  if (!m) return undefined;
  const [, module, type, screen, key] = m;
  if ((screen === 'edit' || screen === 'view') !== !!key) return undefined;
  return { module, type, screen: screen as ScreenPath['screen'], key };
}
