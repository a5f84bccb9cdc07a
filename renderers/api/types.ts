/**
 * The wire shapes of ../shared/API.md, as the browser sees them.
 */
import type { Checklist, ChecklistItem, StepState } from '../../engine/onboarding-checklist.ts';
import type { RecordMeta } from '../../engine/entity.ts';
import type { Criterion, SortSpec } from '../../engine/criteria.ts';
import type { FieldError } from '../../engine/messages.ts';

export type { Criterion, FieldError };
export type Verb = 'list' | 'read' | 'create' | 'edit' | 'delete';
export type JsonObject = Record<string, unknown>;

export interface Branding {
  email: string;
  business_name: string;
  phone: string;
  website: string;
  colorPrimary: string;
  colorSecondary: string;
  colorAccent: string;
}

export interface ResolvedOrg {
  organization_id: string;
  name: string;
  hostname: string;
  branding: Branding;
  /** The product's own organization (also answered for an address of no company). */
  is_root?: boolean;
  /** The domain new company hostnames are derived under. */
  product_domain?: string;
  /** The domains a company hostname may sit under. */
  hostname_domains?: string[];
}

/** The token content of spec/000 section 3. */
export interface Session {
  organization_id: string;
  organization: { key: string; active_modules: string[]; enabled_features: Record<string, boolean>; data: JsonObject };
  user: {
    key: string;
    display_name: string;
    email: string;
    is_employee: boolean;
    employee_id: string | null;
    status: string;
    /** The page the account lands on after signing in (users.json default_destination), when set. */
    default_destination?: string;
  };
  permissions: Record<string, string[]>;
  is_admin?: boolean;
  /** The product's own staff (engine/access.ts Principal.productStaff). */
  product_staff?: boolean;
  /** In a session opened by sudo_login: the staff member acting in the company. */
  impersonated_by?: { key: string; name: string; organization_id: string };
  exp: number;
  /** Seconds without a request after which the server ends the session; 0 or absent: none. */
  idle_timeout?: number;
  /** Opened by a forgot-password key: a password change needs no current password. */
  password_reset?: boolean;
  /** The user's second factor: none, authenticator, email or text. */
  two_factor_method?: TwoFactorMethod;
  /** The company requires a second factor of this user, who has none yet: only its setup is open. */
  two_factor_setup_required?: boolean;
}

export type TwoFactorMethod = 'none' | 'authenticator' | 'email' | 'text';

export interface RefreshPair {
  refresh_id: string;
  refresh_token: string;
}

export interface LoginAnswer extends Partial<RefreshPair> {
  token: string;
  exp: number;
  session: Session;
}

/** The password step's answer for an account with a second factor: a challenge, no session. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  challenge: string;
  method: Exclude<TwoFactorMethod, 'none'>;
}

export function asksSecondFactor(a: LoginAnswer | TwoFactorChallenge): a is TwoFactorChallenge {
  return (a as TwoFactorChallenge).two_factor_required === true;
}

export type { RecordMeta };

export interface WireRecord<D extends JsonObject = JsonObject> {
  key: string;
  data: D;
  meta: RecordMeta;
}

export interface ListHints {
  columns: string[];
  canonical: string;
  sort?: SortSpec[];
  /** Named views ("Show"): criteria added to the filters; a value "$today" is the company's day. */
  views?: ListView[];
}

export interface ListView {
  name: string;
  title: string;
  criteria: Criterion[];
}

export interface TypeMeta {
  module: string;
  type: string;
  title: string;
  plural: string;
  key?: 'uuid' | 'user';
  my?: boolean;
  schema: JsonObject;
  ui: JsonObject;
  list: ListHints;
  sections?: { title: string; description?: string; 'x-when'?: JsonObject; fields: string[] }[];
  /** Fields in the schema that no screen shows to this role (x-visible). */
  hidden?: string[];
  /** Fields only a record's owner reads: shown to the record's owner and on create. */
  owner_read?: string[];
  routes?: { list?: boolean; edit?: boolean; create?: boolean };
  can: Record<Verb, boolean>;
}

/** One entry of `GET /auth/api/catalogue`: a type the caller may use. */
export interface CatalogueEntry {
  module: string;
  type: string;
  title: string;
  plural: string;
  can: Record<Verb, boolean>;
  /** The list is the caller's own records, offered under My records (the entity's x-my-menu). */
  mine?: boolean;
}

export interface FindBody {
  criteria: Criterion[];
  sort?: SortSpec[];
  limit?: number;
  offset?: number;
}

export interface FindAnswer<D extends JsonObject = JsonObject> {
  items: WireRecord<D>[];
  total: number;
}

/** GET /payroll/api/onboarding_checklist (docs/journeys.md). */
export type { Checklist, ChecklistItem, StepState };

/** GET /payroll/api/onboarding_pipeline (docs/journeys.md). */
export interface Pipeline {
  statuses: { status: string; count: number }[];
  hires: {
    key: string;
    first_name: string;
    last_name: string;
    email: string;
    status: string;
    hire_date?: number;
    user_key?: string;
    missing: string[];
    /** The employer's next step once the hire's own forms are done: one the reader may take now has `to`. */
    next?: { label: string; to?: string; done?: string };
    version: number;
    done: number;
    total: number;
  }[];
  awaiting_employer: {
    user_key: string;
    name: string;
    module: string;
    type: string;
    task: string;
    due?: number;
    overdue: boolean;
  }[];
  lapsing: {
    user_key: string;
    name: string;
    module: string;
    type: string;
    field: string;
    label: string;
    date: string;
    lapsed: boolean;
  }[];
}
