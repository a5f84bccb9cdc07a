/** The id the JSON Schema (draft-07) meta-schema's precompiled validator is loaded by. */
export const META_ID = 'meta/draft-07';
