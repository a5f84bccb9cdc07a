/**
 * The widgets' stylesheet and the three signature fonts, loaded once when the first widget mounts in
 * a browser. A dynamic import keeps CSS out of the modules that Node imports in tests.
 */
import { useEffect } from 'react';

let started = false;

export function loadFormsStyles(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  import('./forms-styles.ts').catch((e: unknown) => console.warn('forms: styles not loaded', e));
}

export function useFormsStyles(): void {
  useEffect(loadFormsStyles, []);
}
