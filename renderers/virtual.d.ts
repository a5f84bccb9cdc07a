/** The validators compiled at build time (renderers/build/validators-module.ts). */
declare module 'virtual:dform-validators' {
  export const validators: Record<string, (data: unknown) => boolean>;
  export const fingerprints: Record<string, string>;
}
