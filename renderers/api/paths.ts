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
};
