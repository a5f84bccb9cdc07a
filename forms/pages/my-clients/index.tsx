/**
 * The My clients page for the app root to register (web/pages.ts), and its menu entry: for the
 * partners, who hold AUTH:CanUseCrossSiteLogin (spec/000 section 4 lands them there).
 */
import type { PageAccess, PageEntry } from '../../../renderers/app/pages.ts';
import { pageAllows } from '../../../renderers/guard/decide.ts';
import type { NavSection } from '../../../renderers/layouts/nav.ts';
import { MyClientsPage } from './MyClientsPage.tsx';

export const MY_CLIENTS_PATH = '/myclients';
const PARTNERS: PageAccess = { anyOf: ['AUTH:CanUseCrossSiteLogin'] };

export const MY_CLIENTS_PAGES: readonly PageEntry[] = [
  { path: MY_CLIENTS_PATH, access: PARTNERS, element: <MyClientsPage /> },
];

export const MY_CLIENTS_NAV: NavSection = {
  id: 'clients',
  label: 'Clients',
  order: 20,
  show: (s) => pageAllows(s, PARTNERS),
  links: () => [{ to: MY_CLIENTS_PATH, label: 'My clients' }],
};
