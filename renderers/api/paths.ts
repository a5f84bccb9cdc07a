/**
 * The API's addresses the web app asks for (../shared/API.md), named once: the data client builds
 * its calls from them, and the page's first script (web/early-data.ts) asks for a page's data by
 * the very same addresses, so the client can take those answers (./early-fetch.ts).
 */
export const apiPaths = {
  resolveOrg: (hostname: string) => `/auth/api/resolve_org?hostname=${encodeURIComponent(hostname)}`,
  data: (m: string) => `/${encodeURIComponent(m)}/api/data`,
  meta: (m: string, t: string) => `${apiPaths.data(m)}/meta/${encodeURIComponent(t)}`,
  record: (m: string, t: string, key: string) =>
    `${apiPaths.data(m)}/${encodeURIComponent(t)}/${encodeURIComponent(key)}`,
  find: (m: string, t: string) => `${apiPaths.data(m)}/find/${encodeURIComponent(t)}`,
};

/**
 * The signed-in person's own record of a `my_` type keyed by its person (their W-4, their basic
 * information) is read by this find, which answers it or nothing: a form not started yet is then an
 * empty answer, where a read by key answers 404, which the browser logs as an error in its console
 * on the first open of each onboarding form.
 */
export const OWN_RECORD_FIND = { criteria: [], limit: 1 } as const;

/** Whether a read of `t` by `key` is the signed-in person's own record of a `my_` type (`userKey`: theirs). */
export const isOwnRecord = (t: string, key: string, userKey: string | undefined) =>
  t.startsWith('my_') && !!userKey && key === userKey;
