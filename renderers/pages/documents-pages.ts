/**
 * The files and documents pages of spec/000 section 2, as data: which records each lists and where
 * a row opens (the record's screen, whose file field uploads, previews and downloads the file).
 */
export interface DocumentList {
  heading: string;
  module: string;
  /** The type listed (a my_ variant lists the caller's own). */
  type: string;
  /** The type whose edit screen a row opens. */
  openType: string;
  /** Offer "New" (when the caller may create one). */
  create?: boolean;
  /**
   * New names a person of the company (a secure file's recipient): offered only to those who may
   * choose one (POST /auth/api/search_people for this form, docs/directory.md: those who search the
   * company's people, and, for a secure file, anyone, offered HR), as the form's picker could find
   * no one for anyone else. The form's type, as the search names it ("hr/secure_files").
   */
  createPicksPeople?: string;
  /**
   * Fields New fills in from the signed-in person (field: what of them), as a link's query fills a
   * create screen (docs/screens.md, "Prefilled fields on create"): a secure file's sender is,
   * unless they change it, the person sending it.
   */
  createFromUser?: Readonly<Record<string, 'display_name' | 'email'>>;
  /**
   * A record sent from one person to another (a secure file): the list shows who sent it (a name
   * the record holds) and to whom (a user key, shown by name) instead of a status it does not have.
   */
  sentBy?: { from: string; to: string };
  /**
   * Assignments naming the caller (`user_ids` contains them, HR's included), each row with the
   * document it assigns, its due date and the caller's own acknowledgement.
   */
  assignedToMe?: boolean;
}

export interface DocumentsPageSpec {
  path: string;
  title: string;
  lists: DocumentList[];
}

export const DOCUMENTS_PAGES: readonly DocumentsPageSpec[] = [
  {
    path: '/documents',
    title: 'Documents',
    lists: [
      { heading: 'Company documents', module: 'hr', type: 'documents', openType: 'documents', create: true },
      {
        heading: 'Employee documents',
        module: 'hr',
        type: 'employee_documents',
        openType: 'employee_documents',
        create: true,
      },
      {
        heading: 'Confidential documents',
        module: 'hr',
        type: 'confidential_documents',
        openType: 'confidential_documents',
        create: true,
      },
    ],
  },
  {
    path: '/mydocuments',
    title: 'My documents',
    lists: [
      {
        heading: 'To read and acknowledge',
        module: 'hr',
        type: 'assignments',
        openType: 'assignments',
        assignedToMe: true,
      },
      { heading: 'My documents', module: 'hr', type: 'my_employee_documents', openType: 'employee_documents' },
      // The company's published documents (a handbook, policies) for those who use the HR module.
      { heading: 'Company documents', module: 'hr', type: 'documents', openType: 'documents' },
    ],
  },
  {
    path: '/secure_file_transfer',
    title: 'Secure file transfer',
    lists: [
      {
        heading: 'Files sent',
        module: 'hr',
        type: 'secure_company_files',
        openType: 'secure_company_files',
        create: true,
      },
      // Those sent to the caller and those they sent (the list rule's @owner and @creator).
      {
        heading: 'Secure files',
        module: 'hr',
        type: 'secure_files',
        openType: 'secure_files',
        create: true,
        createPicksPeople: 'hr/secure_files',
        createFromUser: { sender_name: 'display_name', email: 'email' },
        sentBy: { from: 'sender_name', to: 'owner_id' },
      },
    ],
  },
];

/** The lists' secure files, the list a page sending one person a secure file creates in. */
export const SECURE_FILES_LIST = DOCUMENTS_PAGES.flatMap((p) => p.lists).find(
  (l) => l.createPicksPeople === 'hr/secure_files',
)!;

/** Where a list's New opens: its create screen, with what it fills in from `user` and `more` fields. */
export function createPath(
  list: DocumentList,
  user: { display_name?: string; email?: string } | undefined,
  more: Readonly<Record<string, string>> = {},
): string {
  const query = new URLSearchParams(more);
  for (const [field, from] of Object.entries(list.createFromUser ?? {})) {
    const value = user?.[from]?.trim();
    if (value) query.set(field, value);
  }
  const q = query.toString();
  return `/${list.module}/${list.openType}/create${q ? `?${q}` : ''}`;
}
