/**
 * State withholding certificates (payroll/state_w4) are kept one per employee and state
 * (docs/state-certificates.md). A certificate's key is derived from the two: the name-based UUID of
 * the state code in the namespace of the employee's user key, so the store itself refuses a second
 * certificate of one state (a create expects no record at that key) and nothing else has to be
 * claimed. The employee's user key stays the certificate's address in the API (`my_state_w4/{own user
 * key}`, `state_w4/{user key}`, the printable route): it names the certificate of the state the
 * request names (the data saved, the printed state form), else the one the employee must give.
 */
import {
  certificateKey,
  certificateState,
  certificateStates,
  type CertificateState,
} from '../../engine/withholding-states.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { markPassDone, passDone, rewriteEach } from '../data/record-walk.ts';
import { employeeCertificate, residenceOf, workStateOf } from './work-state.ts';

export const CERTIFICATES = 'payroll/state_w4';
export { certificateKey };

/** Every certificate of one employee, oldest state code first. */
export async function certificatesOf(s: Services, org: string, userKey: string): Promise<StoredRecord[]> {
  const query = { criteria: [{ field: '_user_uuid', is: '=' as const, value: userKey }], limit: 100, offset: 0 };
  const found = (await s.storage.find(CERTIFICATES, org, query)).items;
  return [...found].sort((a, b) => String(a.data.state).localeCompare(String(b.data.state)));
}

/**
 * The certificate due and the states an employee may hold a certificate of (engine/withholding-states.ts
 * certificateStates). Undefined when no state is on record (then any state is taken, as before work
 * states were kept).
 */
export async function allowedStates(
  s: Services,
  org: string,
  userKey: string,
): Promise<{ due: CertificateState; states: string[] } | undefined> {
  const work = await workStateOf(s, org, userKey);
  const residence = await residenceOf(s, org, userKey);
  const due = certificateState(work, residence);
  return due && { due, states: certificateStates(work, residence).map((c) => c.state) };
}

/**
 * The stored key an address names: for a user key of the organization, the certificate of `state`
 * (the state of the data written, or the printed form's); without one, the certificate due (engine/
 * withholding-states.ts), or where none is due their only one. Undefined for any other key (a certificate's own key,
 * which also names a certificate not written yet when the data gives its state).
 */
export async function certificateAddress(
  s: Services,
  org: string,
  address: string,
  data?: DataObject,
  caller?: string,
): Promise<{ key: string; user: string } | undefined> {
  const named = typeof data?.state === 'string' && data.state ? data.state : undefined;
  if (!(await s.storage.get('auth/users', org, address))) {
    // A certificate's own key, written before it exists (the screen knows it): the key of the
    // employee the data names (or the caller) and its state.
    const user = [data?._user_uuid, caller].find(
      (u): u is string => typeof u === 'string' && !!named && certificateKey(u, named) === address,
    );
    return user && (await s.storage.get('auth/users', org, user)) ? { key: address, user } : undefined;
  }
  if (named) return { key: certificateKey(address, named), user: address };
  const due = await employeeCertificate(s, org, address);
  // The screen opens the form of the state due, whose certificate this is, written or not.
  if (due && due.because !== 'none') return { key: certificateKey(address, due.state), user: address };
  // Nothing due (no state on record, or none that taxes wages): the employee's only certificate.
  const held = await certificatesOf(s, org, address);
  return { key: held.length === 1 ? held[0].key : address, user: address };
}

/**
 * Certificates stored before they were kept per state sit at their employee's user key: each moves
 * to the key of its employee and state, with its owner recorded, on the first start that finds it.
 * Runs once per store (system/migrations).
 */
export async function keyCertificatesByState(s: Services): Promise<number> {
  const marker = 'state-certificates-by-state';
  if (await passDone(s, marker)) return 0;
  const moved = await rewriteEach(s, CERTIFICATES, (record): WriteOp[] | undefined => {
    const user = typeof record.data._user_uuid === 'string' ? record.data._user_uuid : record.key;
    if (typeof record.data.state !== 'string') return undefined;
    const key = certificateKey(user, record.data.state);
    if (key === record.key) return undefined;
    return [
      { op: 'delete', collection: CERTIFICATES, org: record.org, key: record.key, expectVersion: record.meta.version },
      { op: 'put', expectVersion: 0, record: { ...record, key, data: { ...record.data, _user_uuid: user } } },
    ];
  });
  await markPassDone(s, marker, { moved });
  return moved;
}
