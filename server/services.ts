/**
 * What the app is built from (`createApp(services)`): storage, the schema catalogue, keys and
 * the small collaborators each route needs. Tests build it with a MemoryStore or a JournalStore.
 */
import type { Storage } from './storage/types.ts';
import type { Catalogue } from './schemas.ts';
import type { FieldCipher } from './crypto/field-cipher.ts';
import type { ServerConfig } from './config.ts';
import type { Transport } from './mail/transport.ts';
import type { SmsTransport } from './mail/sms.ts';
import type { SignInThrottle, Throttle } from './auth/throttle.ts';
import type { BlobStore } from './files/blob-store.ts';
import type { DownloadKeysOf } from './printable/download-keys.ts';
import type { CompanyTurns } from './company-turns.ts';

export interface Services {
  storage: Storage;
  catalogue: Catalogue;
  cipher: FieldCipher;
  tokenKey: Uint8Array;
  config: ServerConfig;
  transport: Transport;
  /** Text messages; when absent they go through `transport` (./mail/sms.ts smsThroughTransport). */
  sms?: SmsTransport;
  /** Rate limit of calls that reveal or send something (retrieve_ssn, forgot_password). */
  throttle: Throttle;
  /** Invitation e-mails per company and per sender (./auth/invitations.ts). */
  invitations: Throttle;
  /** Every check of a password or single-use key (./auth/throttled-check.ts). */
  signInThrottle: SignInThrottle;
  /** Download keys of links (./printable/download-keys.ts); unset, in this process's memory. */
  downloadKeys?: DownloadKeysOf;
  /** Where files' bytes live; unset, a disk store under DATA_DIR/files (server/files/references.ts). */
  blobs?: BlobStore;
  /** How many searches run at once, in all and of one company (./company-turns.ts). */
  searches: CompanyTurns;
  /** How many printable forms one company has drawn at once (./company-turns.ts). */
  prints: CompanyTurns;
  /** Epoch seconds; injectable so tests can move time. */
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
}

/** Collections the server keeps for itself; never reachable through the data API. */
export const SYSTEM = {
  orgs: 'system/orgs',
  sessions: 'system/sessions',
  /** A user's session epoch (keyed by user key): sessions opened in an earlier epoch are over. */
  sessionEpochs: 'system/session_epochs',
  unique: 'system/unique',
  idempotency: 'system/idempotency',
  /** Keyed digests of (organization, employee, SSN last four) -> employee key, for retrieve_ssn. */
  ssnIndex: 'system/ssn_index',
  /** A file field's blob and its wrapped key, keyed by `<module>/<type>/<record key>/<field>`. */
  fileBlobs: 'system/file_blobs',
  /**
   * The file fields of a company that point at one of its blobs, keyed `<organization>/<blob id>`
   * (keys are unique across organizations, and two companies may hold the same bytes): the bytes go
   * once none does.
   */
  blobRefs: 'system/blob_refs',
  /**
   * A claim on a company's blob (keyed `<organization>/<blob id>`) while its bytes are written and committed or checked and
   * deleted: every process sharing the store honours it (./files/blob-claims.ts).
   */
  blobClaims: 'system/blob_claims',
  /**
   * The bytes of files a company keeps (keyed by organization id) and each person uploaded into it
   * (keyed `<organization>/<user>`), moved in the commit that holds or lets go of a file
   * (./files/file-usage.ts).
   */
  fileUsage: 'system/file_usage',
  /** One record per one-time data migration that has run. */
  migrations: 'system/migrations',
  /** Two-factor challenges of sign-ins and setups under way (./auth/sign-in-state.ts). */
  twoFactorChallenges: 'system/two_factor_challenges',
  /** The last TOTP time step each user signed in with (keyed by user key): no code twice. */
  totpSteps: 'system/totp_steps',
  /** Keyed digests of a user's unused recovery codes (keyed by user key). */
  recoveryCodes: 'system/recovery_codes',
  /** Refresh tokens, spent ones included, in families (./auth/sign-in-state.ts). */
  refreshTokens: 'system/refresh_tokens',
  /**
   * Messages waiting to be sent, sealed, in the root pseudo-organization so that one sender drains
   * every company's, and that sender's lease (./mail/outbox.ts).
   */
  outbox: 'system/outbox',
  /**
   * When a person (keyed by account) was last sent an invitation, whichever screen sent it: one per
   * DFORM_RESEND_SECONDS, and parallel sends conflict on it (./auth/invitations.ts).
   */
  invitationMarks: 'system/invitation_marks',
  /** When a person (keyed by account) was last sent a forgot-password link (./auth/forgot-password.ts). */
  signInLinkMarks: 'system/sign_in_link_marks',
  /**
   * What each PTO enrolment's accruals are settled through (keyed by user key, in the company): the
   * day of the job's last run over it and the plans accruing then (./data/pto-accruals.ts).
   */
  ptoAccruals: 'system/pto_accruals',
  /**
   * One record per employee (keyed by user key, in the company) that every PTO request coming to
   * hold days moves in its commit, so two requests for one day sent at once cannot both pass the
   * overlap check (./data/hooks/pto_request.ts).
   */
  ptoRequestDays: 'system/pto_request_days',
  /**
   * The printable layouts kept as data that a company's state certificates were signed under, keyed
   * by the layout's digest (./payroll/signed-layouts.ts): a signed certificate prints as signed.
   */
  signedLayouts: 'system/signed_layouts',
  /** A check of each of the server's keys, written at the store's first start (./crypto/key-check.ts). */
  keyCheck: 'system/key_check',
} as const;

/** The pseudo-organization that holds the directory of organizations. */
export const SYSTEM_ORG = '00000000-0000-0000-0000-000000000000';
