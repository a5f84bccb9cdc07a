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

/**
 * The company's administration, for those who run it: its accounts, its permission groups, its
 * audit log and its branding, each for who may (the screens' own rules; "All records" still lists
 * them among every type). An admin looked for Users and Groups in a list of fifty record types.
 */
const ADMINISTRATION: readonly { to: string; label: string; permission: string }[] = [
  { to: '/auth/users/list', label: 'Users', permission: 'AUTH:CanManageUsers' },
  { to: '/auth/groups/list', label: 'Groups and permissions', permission: 'AUTH:CanManageGroups' },
  { to: '/auth/audit_log/list', label: 'Audit log', permission: 'AUTH:CanViewAuditLogs' },
  { to: '/organization_preferences', label: 'Company branding', permission: 'AUTH:CanManageOrganizationPreferences' },
];
registerNavSection({
  id: 'administration',
  label: 'Administration',
  order: 40,
  show: (s) => s.status === 'active' && ADMINISTRATION.some((a) => s.isAdmin || s.permissions.has(a.permission)),
  links: (s) =>
    ADMINISTRATION.filter((a) => s.isAdmin || s.permissions.has(a.permission)).map(({ to, label }) => ({ to, label })),
});

/** The PTO pages the person may open: their own time off, the manager's and the plan builder. */
registerNavSection(PTO_NAV);

/** The partners' client companies (spec/000 section 4: where a partner lands). */
registerNavSection(MY_CLIENTS_NAV);
