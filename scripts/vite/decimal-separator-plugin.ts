/**
 * A build plugin (vite.config.ts): @rjsf/utils' modules import renderers/build/decimal-separator.ts, cached per
 * locale list, instead of their own getDecimalSeparator, which made a new Intl.NumberFormat on every
 * call (every render of every number field). Only the web build and Storybook use it; Vite's
 * dependency pre-bundling in `npm run dev` keeps rjsf's own (the same answers, slower).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const DECIMAL_SEPARATOR_MODULE = path.resolve(import.meta.dirname, '../../renderers/build/decimal-separator.ts');

export function dformDecimalSeparator(): Plugin {
  return {
    name: 'dform-decimal-separator',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromRjsfUtils = !!importer && /[\\/]@rjsf[\\/]utils[\\/]/.test(importer);
      return fromRjsfUtils && /(^|\/)getDecimalSeparator(\.js)?$/.test(source) ? DECIMAL_SEPARATOR_MODULE : undefined;
    },
  };
}
