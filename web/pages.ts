/**
 * The pages beyond the shell's own (renderers/app/pages.ts registerPages), assembled here at the app
 * root: each area's pages say who may open them. Imported before the router is made (web/main.tsx).
 */
import { registerPages } from '../renderers/app/pages.ts';
import { PTO_PAGES } from '../forms/pages/pto/index.tsx';
import { MY_CLIENTS_PAGES } from '../forms/pages/my-clients/index.tsx';
import { SECURE_FILE_PAGES } from '../forms/pages/secure-file/index.tsx';
import { SPEC_ROUTE_ALIASES } from './spec-route-aliases.ts';

registerPages(PTO_PAGES);
registerPages(MY_CLIENTS_PAGES);
registerPages(SECURE_FILE_PAGES);
registerPages(SPEC_ROUTE_ALIASES);
