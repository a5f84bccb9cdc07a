/**
 * The page's first script: on a create, edit or view page of a signed-in browser, asks for the
 * company, the type's meta and the record at once, while the app's code is still on its way
 * (renderers/api/early-fetch.ts hands the answers to the data client). Small, and loaded `async`,
 * so it runs as soon as it arrives.
 */
import { screenOf } from '../engine/screen-path.ts';
import { askEarly } from '../renderers/api/early-fetch.ts';
import { apiPaths, isOwnRecord, OWN_RECORD_FIND } from '../renderers/api/paths.ts';
import { readStoredAuth } from '../renderers/session/stored-auth.ts';

const { token, session } = readStoredAuth();
const org = token ? session?.organization_id : undefined;
const page = screenOf(window.location.pathname);
if (token && org && page && page.screen !== 'list') {
  askEarly(
    [
      apiPaths.resolveOrg(window.location.hostname),
      apiPaths.meta(page.module, page.type),
      ...(!page.key
        ? []
        : isOwnRecord(page.type, page.key, session?.user.key)
          ? [{ path: apiPaths.find(page.module, page.type), body: OWN_RECORD_FIND }]
          : [apiPaths.record(page.module, page.type, page.key)]),
    ],
    org,
    token,
  );
}
