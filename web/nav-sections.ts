/**
 * The menu's sections beyond the shell's own (renderers/layouts/nav.ts registerNavSection),
 * assembled here at the app root: each area says whom its entries are for.
 */
import { registerNavSection } from '../renderers/layouts/nav.ts';
import { usesRecordLists } from '../renderers/layouts/roles.ts';
import { PTO_NAV } from '../forms/pages/pto/index.tsx';
import { MY_CLIENTS_NAV } from '../forms/pages/my-clients/index.tsx';

/**
 * An employee's own documents and the secure file transfer (the files sent to them securely; a
 * new one for those who may choose its recipient); the company's documents for those who manage HR.
 */
registerNavSection({
  id: 'documents',
  label: 'Documents',
  order: 30,
  show: (s) => s.isAdmin || s.isEmployee || s.permissions.has('HR:CanManageModule'),
  links: (s) => [
    ...(s.isEmployee ? [{ to: '/mydocuments', label: 'My documents' }] : []),
    ...(s.isAdmin || s.permissions.has('HR:CanManageModule') ? [{ to: '/documents', label: 'Company documents' }] : []),
    { to: '/secure_file_transfer', label: 'Secure file transfer' },
  ],
});

/**
 * The storage module's own files, and the shares and file groups that concern a person
 * (docs/files.md "Sharing a stored file"), for those without the generic lists, where they are
 * listed with the rest ("All records").
 */
registerNavSection({
  id: 'files',
  label: 'Files',
  order: 35,
  show: (s) => s.status === 'active' && !usesRecordLists(s),
  links: () => [
    { to: '/storage/files/list', label: 'My files' },
    { to: '/storage/shares/list', label: 'Shares' },
    { to: '/storage/fgroups/list', label: 'File groups' },
  ],
});

/** The PTO pages the person may open: their own time off, the manager's and the plan builder. */
registerNavSection(PTO_NAV);

/** The partners' client companies (spec/000 section 4: where a partner lands). */
registerNavSection(MY_CLIENTS_NAV);
