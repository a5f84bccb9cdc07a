/** The validators compiled at build time (scripts/vite/validators-module.ts). */
declare module 'virtual:dform-validators' {
  export const fingerprints: Record<string, string>;
  export const loaders: Record<string, () => Promise<{ default: (data: unknown) => boolean }>>;
}
