/**
 * The page that sends a secure file to a person named by address, for the app root to register
 * (web/pages.ts). Secure files are the HR module's (schemas/hr/secure_files.json).
 */
import type { PageEntry } from '../../../renderers/app/pages.ts';
import { SecureFileToPage } from './SecureFileToPage.tsx';

export const SECURE_FILE_PAGES: readonly PageEntry[] = [
  { path: '/secure_file/:email', access: { module: 'hr' }, element: <SecureFileToPage /> },
];
