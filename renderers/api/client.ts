/**
 * The one data client of the web app (../shared/API.md): every call carries `organization-id`, and
 * `auth_token` once signed in; bodies are JSON; every failure is a DataFailure (spec/001 section 8).
 */
import { DataFailure, type Action } from './failure.ts';
import { deviceId } from './device-id.ts';
import { apiPaths, isOwnRecord, OWN_RECORD_FIND } from './paths.ts';
import type {
  CatalogueEntry,
  Checklist,
  Pipeline,
  FindAnswer,
  FindBody,
  JsonObject,
  LoginAnswer,
  RefreshPair,
  ResolvedOrg,
  TwoFactorChallenge,
  TwoFactorMethod,
  Session,
  TypeMeta,
  WireRecord,
} from './types.ts';

export interface ClientOptions {
  /** Where the API lives; '' for the same origin. */
  baseUrl?: string;
  getOrganization: () => string | undefined;
  getToken: () => string | undefined;
  fetchFn?: typeof fetch;
  /** This browser's device id, sent as `x-device-id` with the calls that check a password. */
  getDevice?: () => string | undefined;
  /** The signed-in person's user key: their own `my_` records are read by a find (./paths.ts `OWN_RECORD_FIND`). */
  getUserKey?: () => string | undefined;
}

interface Call {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  datatype: string;
  action: Action;
  /** Answer the body as a Blob (a PDF) instead of parsing JSON. */
  blob?: boolean;
  /** Send no auth_token (a call that proves itself otherwise: a refresh token). */
  anonymous?: boolean;
}

/** A printable form's download key (POST /payroll/api/forms/{form}/{key}/download_key). */
export interface DownloadKey {
  download_key: string;
  /** Epoch seconds. */
  expires: number;
  /** The same-origin URL that opens the PDF once, without headers. */
  url: string;
}

/** A printable form of an employee (GET /payroll/api/forms/{key}). */
export interface PrintableFormEntry {
  form: string;
  title: string;
  kind: 'i9' | 'w4' | 'w9' | 'state';
  /** A state form's state (one certificate per state). */
  state?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** One count of files against its limit, in bytes. */
export interface FileFigures {
  bytes: number;
  files: number;
  limit: number;
}

/** GET /storage/api/file_usage: the person's own files in their company; the company's for those who manage its files. */
export interface FileUsage {
  person: FileFigures;
  company?: FileFigures & { name: string };
}

/** GET and POST /payroll/api/my_ssn: the person's SSN on file (masked), and which record holds it. */
export interface MySsn {
  on_file: boolean;
  ssn?: string;
  record: 'employee' | 'hire' | null;
}

export function createApiClient({
  baseUrl = '',
  getOrganization,
  getToken,
  fetchFn = (...a) => fetch(...a),
  getDevice = deviceId,
  getUserKey = () => undefined,
}: ClientOptions) {
  const unauthorized = new Set<() => void>();
  async function request<T>({
    method = 'GET',
    path,
    body,
    headers = {},
    datatype,
    action,
    blob,
    anonymous,
  }: Call): Promise<T> {
    const h: Record<string, string> = {
      accept: blob ? '*/*' : 'application/json',
      ...headers,
    };
    const org = getOrganization();
    if (org) h['organization-id'] = org;
    const token = anonymous ? undefined : getToken();
    if (token) h['auth_token'] = token;
    if (body !== undefined) h['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchFn(baseUrl + path, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        redirect: 'error',
      });
    } catch (e) {
      throw new DataFailure({ datatype, action, code: 0, message: (e as Error).message || 'Network error' });
    }
    if (res.status === 204) return undefined as T;
    if (blob && res.ok) return (await res.blob()) as T;
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const b = (parsed ?? {}) as { message?: string; errors?: { path: string; message: string }[] };
      if (res.status === 401 && token) for (const listener of unauthorized) listener();
      throw new DataFailure({
        datatype,
        action,
        code: res.status,
        message: b.message || res.statusText || `ajax error: ${res.status}`,
        errors: Array.isArray(b.errors) ? b.errors : undefined,
        response: res,
      });
    }
    const detail = (parsed as { detail?: unknown } | undefined)?.detail;
    return (detail !== undefined ? detail : parsed) as T;
  }

  const data = apiPaths.data;
  const id = (m: string, t: string) => `${m}/${t}`;
  const ifMatch = (version?: number): Record<string, string> =>
    version === undefined ? {} : { 'If-Match': String(version) };
  const device = (): Record<string, string> => {
    const id = getDevice();
    return id ? { 'x-device-id': id } : {};
  };

  return {
    request,
    /**
     * Hears every signed-in call answered 401 (its token expired, or its session ended elsewhere);
     * answers the function that stops listening.
     */
    onUnauthorized(listener: () => void): () => void {
      unauthorized.add(listener);
      return () => unauthorized.delete(listener);
    },
    resolveOrg: (hostname: string) =>
      request<ResolvedOrg>({
        path: apiPaths.resolveOrg(hostname),
        datatype: 'auth/resolve_org',
        action: 'call',
      }),
    login: (userid: string, key: string, type: 'password' | 'sudo_login' | 'forgot_password' = 'password') =>
      request<LoginAnswer | TwoFactorChallenge>({
        method: 'POST',
        path: '/auth/api/login',
        body: { userid, key, type },
        headers: device(),
        datatype: 'auth/login',
        action: 'call',
      }),
    /** The second sign-in step: a code for the challenge of the password step (or a recovery code). */
    verifySignIn: (challenge: string, code: string) =>
      request<LoginAnswer & RefreshPair>({
        method: 'POST',
        path: '/auth/api/verify_2fa',
        body: { challenge, code },
        headers: device(),
        datatype: 'auth/verify_2fa',
        action: 'call',
        anonymous: true,
      }),
    /** A new code by e-mail or text for a sign-in's challenge. */
    resendCode: (challenge: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/trigger_2fa',
        body: { challenge },
        datatype: 'auth/trigger_2fa',
        action: 'call',
        anonymous: true,
      }),
    /** `currentPassword`: asked for when a second factor is on (docs/two-factor.md). */
    setTwoFactorMethod: (method: TwoFactorMethod, currentPassword?: string) =>
      request<{
        authenticator_key?: string;
        otpauth_uri?: string;
        '2fa_method'?: TwoFactorMethod;
        recovery_codes?: string[];
      }>({
        method: 'POST',
        path: '/auth/api/set_2fa_options',
        body: { '2fa_method': method, ...(currentPassword === undefined ? {} : { current_password: currentPassword }) },
        datatype: 'auth/set_2fa_options',
        action: 'call',
      }),
    /** Proves the method chosen in this session; answers the recovery codes, shown once. */
    proveTwoFactor: (code: string) =>
      request<{ '2fa_method': TwoFactorMethod; recovery_codes: string[] }>({
        method: 'POST',
        path: '/auth/api/verify_2fa',
        body: { code },
        datatype: 'auth/verify_2fa',
        action: 'call',
      }),
    /** A user manager sets a user's second factor back to none (a new key to prove on the next setup). */
    resetTwoFactor: (userId: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/reset_2fa_key',
        body: { user_id: userId },
        datatype: 'auth/reset_2fa_key',
        action: 'call',
      }),
    getRefreshToken: () =>
      request<RefreshPair>({
        method: 'POST',
        path: '/auth/api/get_refresh_token',
        body: {},
        datatype: 'auth/get_refresh_token',
        action: 'call',
      }),
    /** An organization's name by its key (API.md get_org_name, no sign-in needed); 404 for none. */
    orgName: (organizationId: string) =>
      request<{ name: string }>({
        method: 'POST',
        path: '/auth/api/get_org_name',
        body: { organization_id: organizationId },
        datatype: 'auth/get_org_name',
        action: 'call',
        anonymous: true,
      }),
    refreshAuthToken: (pair: RefreshPair) =>
      request<{ token: string; exp: number } & RefreshPair>({
        method: 'POST',
        path: '/auth/api/refresh_auth_token',
        body: pair,
        datatype: 'auth/refresh_auth_token',
        action: 'call',
        anonymous: true,
      }),
    session: () => request<Session>({ path: '/auth/api/session', datatype: 'auth/session', action: 'call' }),
    logout: () => request<void>({ method: 'POST', path: '/auth/api/logout', datatype: 'auth/logout', action: 'call' }),
    forgotPassword: (username: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/forgot_password',
        body: { username },
        datatype: 'auth/forgot_password',
        action: 'call',
      }),
    /** The current password is asked for except in a session opened by a forgot-password key. */
    changePassword: (password: string, password2: string, currentPassword?: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/change_password',
        body:
          currentPassword === undefined
            ? { password, password2 }
            : { current_password: currentPassword, password, password2 },
        headers: device(),
        datatype: 'auth/change_password',
        action: 'call',
      }),
    /** The permissions the caller may grant (all of them for the product-staff admin). */
    availablePermissions: () =>
      request<string[]>({
        path: '/auth/api/get_available_permissions',
        datatype: 'auth/get_available_permissions',
        action: 'call',
      }),
    /**
     * Display names of accounts of the caller's company, by user key (spec/001 section 7), with the
     * e-mail of those the caller may read (managers of users or groups; anyone their own).
     */
    userInfo: (userIds: readonly string[]) =>
      request<{ key: string; data: { display_name: string; email?: string } }[]>({
        method: 'POST',
        path: '/auth/api/get_userinfo',
        body: { user_ids: userIds },
        datatype: 'auth/get_userinfo',
        action: 'call',
      }),
    /**
     * The company's people whose display name (or, for those who may list the accounts, e-mail)
     * holds the text: the people pickers' search (docs/directory.md). 403 for a caller who
     * chooses no one. `purpose` names the form whose person is chosen ("hr/secure_files"): there a
     * caller who chooses no one else is offered those who handle secure files (all, for no text).
     */
    searchPeople: (text: string, purpose?: string) =>
      request<{ key: string; data: { display_name: string; email?: string } }[]>({
        method: 'POST',
        path: '/auth/api/search_people',
        body: purpose ? { text, for: purpose } : { text },
        datatype: 'auth/search_people',
        action: 'call',
      }),
    /**
     * The company's groups by name, names only (docs/directory.md "Searching groups"): those whose
     * name holds `text` (empty: the first by name), or those of `keys`. 403 for a caller who
     * chooses no group.
     */
    searchGroups: (body: { text: string } | { keys: string[] }) =>
      request<{ key: string; data: { name: string } }[]>({
        method: 'POST',
        path: '/auth/api/search_groups',
        body,
        datatype: 'auth/search_groups',
        action: 'call',
      }),
    /** Opens a single-use sign-in to a company below the caller's (spec/000 section 7). */
    sudoLogin: (organizationId: string) =>
      request<{ hostname: string; identifier: string; single_use_key: string }>({
        method: 'POST',
        path: `/auth/api/sudo_login?organization_id=${encodeURIComponent(organizationId)}`,
        body: { organization_id: organizationId },
        datatype: 'auth/sudo_login',
        action: 'call',
      }),
    /** The group helpers: add a user to 'Clock Employees' or 'PTO Employees', or remove them from all groups. */
    groupHelper: (helper: 'add_clock_employees' | 'add_pto_employees' | 'remove_user_from_groups', userId: string) =>
      request<WireRecord | { groups: string[] }>({
        method: 'POST',
        path: `/auth/api/${helper}`,
        body: { user_id: userId },
        datatype: 'auth/groups',
        action: 'call',
      }),
    /** The user form's password mode (AUTH:CanManageUsers). */
    setUserPassword: (userId: string, password: string, password2: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/set_user_password',
        body: { user_id: userId, password, password2 },
        datatype: 'auth/set_user_password',
        action: 'call',
      }),
    resendHireInvitation: (hireId: string) =>
      request<{ message: string; email: string }>({
        method: 'POST',
        path: '/payroll/api/resend_hire_invitation',
        body: { hire_id: hireId },
        datatype: 'payroll/resend_hire_invitation',
        action: 'call',
      }),
    resendUserInvite: (userId: string) =>
      request<{ message: string }>({
        method: 'POST',
        path: '/auth/api/resend_user_invite_email',
        body: { user_id: userId },
        datatype: 'auth/resend_user_invite_email',
        action: 'call',
      }),
    crossSiteInvite: (userId: string) =>
      request<{ message: string; email?: string }>({
        method: 'POST',
        path: '/auth/api/get_cross_site_invite',
        body: { user_id: userId },
        datatype: 'auth/get_cross_site_invite',
        action: 'call',
      }),
    /**
     * A partner's own sign-in code to a client company, by one of their cross-organization accounts
     * (docs/api-notes.md): the client's server mails it to the client account's address.
     */
    requestCrossSiteSignIn: (account: string) =>
      request<{ message: string; email: string; client: string }>({
        method: 'POST',
        path: '/auth/api/request_cross_site_sign_in',
        body: { account },
        datatype: 'auth/request_cross_site_sign_in',
        action: 'call',
      }),
    /** The superuser delete: the user across every record type (the product-staff admin only). */
    deleteUser: (userId: string, confirmName: string) =>
      request<{ message: string; removed: string[] }>({
        method: 'POST',
        path: '/auth/api/delete_user',
        body: { user_id: userId, confirm_name: confirmName },
        datatype: 'auth/delete_user',
        action: 'call',
      }),
    /** How much file storage the signed-in person, and for a manager their company, has used (docs/api-notes.md). */
    fileUsage: () =>
      request<FileUsage>({ path: '/storage/api/file_usage', datatype: 'storage/file_usage', action: 'call' }),
    /** Whether the signed-in person's SSN is on file (masked), and the record holding it. */
    mySsn: () => request<MySsn>({ path: '/payroll/api/my_ssn', datatype: 'payroll/my_ssn', action: 'call' }),
    /** Gives the signed-in person's SSN, when none is on file (docs/api-notes.md). */
    giveMySsn: (ssn: string) =>
      request<MySsn>({
        method: 'POST',
        path: '/payroll/api/my_ssn',
        body: { ssn },
        datatype: 'payroll/my_ssn',
        action: 'call',
      }),
    onboardingChecklist: () =>
      request<Checklist>({
        path: '/payroll/api/onboarding_checklist',
        datatype: 'payroll/onboarding_checklist',
        action: 'call',
      }),
    /** What Section 2 of an employee's I-9 is proposed with (server/payroll/section2-proposal.ts). */
    section2Proposal: (key: string) =>
      request<JsonObject>({
        path: `/payroll/api/i9_section2_proposal/${encodeURIComponent(key)}`,
        datatype: 'payroll/i9',
        action: 'read',
      }),
    onboardingPipeline: () =>
      request<Pipeline>({
        path: '/payroll/api/onboarding_pipeline',
        datatype: 'payroll/onboarding_pipeline',
        action: 'call',
      }),
    catalogue: () =>
      request<CatalogueEntry[]>({ path: '/auth/api/catalogue', datatype: 'auth/catalogue', action: 'call' }),
    meta: (m: string, t: string) =>
      request<TypeMeta>({ path: apiPaths.meta(m, t), datatype: id(m, t), action: 'meta' }),
    read: async <D extends JsonObject = JsonObject>(m: string, t: string, key: string): Promise<WireRecord<D>> => {
      if (isOwnRecord(t, key, getUserKey())) {
        const found = await request<FindAnswer<D>>({
          method: 'POST',
          path: apiPaths.find(m, t),
          body: OWN_RECORD_FIND,
          datatype: id(m, t),
          action: 'read',
        });
        const own = found.items.find((r) => r.key === key);
        if (own) return own;
        // What a read by key answers for a record not made yet, without asking for it.
        if (found.total === 0)
          throw new DataFailure({ datatype: id(m, t), action: 'read', code: 404, message: 'Not found' });
      }
      return request<WireRecord<D>>({ path: apiPaths.record(m, t, key), datatype: id(m, t), action: 'read' });
    },
    find: <D extends JsonObject = JsonObject>(m: string, t: string, body: FindBody) =>
      request<FindAnswer<D>>({
        method: 'POST',
        path: apiPaths.find(m, t),
        body,
        datatype: id(m, t),
        action: 'find',
      }),
    create: <D extends JsonObject = JsonObject>(m: string, t: string, body: JsonObject) =>
      request<WireRecord<D>>({
        method: 'POST',
        path: `${data(m)}/${encodeURIComponent(t)}/`,
        body,
        datatype: id(m, t),
        action: 'create',
      }),
    /** Save: the whole data replaced; `version` is sent as If-Match so a stale save answers 409. */
    save: <D extends JsonObject = JsonObject>(m: string, t: string, key: string, body: JsonObject, version?: number) =>
      request<WireRecord<D>>({
        method: 'POST',
        path: `${data(m)}/${encodeURIComponent(t)}/${encodeURIComponent(key)}`,
        body,
        headers: ifMatch(version),
        datatype: id(m, t),
        action: 'save',
      }),
    update: <D extends JsonObject = JsonObject>(
      m: string,
      t: string,
      key: string,
      body: JsonObject,
      version?: number,
    ) => {
      if (!key) throw new Error('client.update() called without an id! What should I update?');
      return request<WireRecord<D>>({
        method: 'PATCH',
        path: `${data(m)}/${encodeURIComponent(t)}/${encodeURIComponent(key)}`,
        body,
        headers: ifMatch(version),
        datatype: id(m, t),
        action: 'update',
      });
    },
    /** A printable form as a PDF (GET /payroll/api/forms/{form}/{key}), signed in with the header. */
    /** The printable forms that exist for an employee and the caller may print. */
    printableForms: (key: string) =>
      request<{ forms: PrintableFormEntry[] }>({
        path: `/payroll/api/forms/${encodeURIComponent(key)}`,
        datatype: 'payroll/forms',
        action: 'read',
      }),
    printable: (form: string, key: string) =>
      request<Blob>({
        path: `/payroll/api/forms/${encodeURIComponent(form)}/${encodeURIComponent(key)}`,
        datatype: `payroll/forms/${form}`,
        action: 'read',
        blob: true,
      }),
    /** A single-use key for a plain URL of that form (a new tab, a download): the token stays in headers. */
    downloadKey: (form: string, key: string) =>
      request<DownloadKey>({
        method: 'POST',
        path: `/payroll/api/forms/${encodeURIComponent(form)}/${encodeURIComponent(key)}/download_key`,
        datatype: `payroll/forms/${form}`,
        action: 'call',
      }),
    /** Where a record's file field is uploaded (PUT) and read (GET); ../shared/API.md "Files". */
    filePath: (m: string, t: string, key: string, field: string) =>
      `${baseUrl}/${encodeURIComponent(m)}/api/files/${encodeURIComponent(t)}/${encodeURIComponent(key)}/${encodeURIComponent(field)}`,
    /** The headers a file call sends that the client does not make itself (an upload with progress uses XHR). */
    authHeaders: (): Record<string, string> => {
      const h: Record<string, string> = {};
      const org = getOrganization();
      if (org) h['organization-id'] = org;
      const token = getToken();
      if (token) h['auth_token'] = token;
      return h;
    },
    /** A stored file's bytes (to preview it). */
    file: (m: string, t: string, key: string, field: string) =>
      request<Blob>({
        path: `/${encodeURIComponent(m)}/api/files/${encodeURIComponent(t)}/${encodeURIComponent(key)}/${encodeURIComponent(field)}`,
        datatype: id(m, t),
        action: 'read',
        blob: true,
      }),
    /** A single-use key that opens a stored file once as a plain URL (a download link). */
    fileDownloadKey: (m: string, t: string, key: string, field: string) =>
      request<DownloadKey>({
        method: 'POST',
        path: `/${encodeURIComponent(m)}/api/files/${encodeURIComponent(t)}/${encodeURIComponent(key)}/${encodeURIComponent(field)}/download_key`,
        datatype: id(m, t),
        action: 'call',
      }),
    removeFile: (m: string, t: string, key: string, field: string) =>
      request<void>({
        method: 'DELETE',
        path: `/${encodeURIComponent(m)}/api/files/${encodeURIComponent(t)}/${encodeURIComponent(key)}/${encodeURIComponent(field)}`,
        datatype: id(m, t),
        action: 'delete',
      }),
    remove: (m: string, t: string, key: string, version?: number) =>
      request<void>({
        method: 'DELETE',
        path: `${data(m)}/${encodeURIComponent(t)}/${encodeURIComponent(key)}`,
        headers: ifMatch(version),
        datatype: id(m, t),
        action: 'delete',
      }),
  };
}
