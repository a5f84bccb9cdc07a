/**
 * The e-mails a PTO request sends (docs/pto.md), queued in the request's own commit (the outbox) and
 * delivered right after it:
 * - asked: to the employee's approver (their enrolment's `approver_id`), else to the approvers of
 *   their team's preferences when those say to notify them; nobody else is told;
 * - changed while it waits (other days, hours or plan): to the same approvers, with what it was;
 * - withdrawn (deleted) by the employee: to the same approvers; removed by someone else: to the
 *   employee;
 * - decided (approved or denied, by someone else than the employee): to the employee.
 * A message names the person, the plan, the days and the hours, and links to the page to act on; it
 * never carries a balance or a reason (an e-mail may be read by others than its addressee).
 */
import { escapeHtml } from '../../mail/escape-html.ts';
import { deliverQueued, queueOp, type QueuedMessage } from '../../mail/outbox.ts';
import { companyUrl } from '../../public-url.ts';
import type { Caller } from '../../auth/principal.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../../services.ts';
import type { StoredRecord, WriteOp } from '../../storage/types.ts';
import type { TimePtoEmployee } from '../../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../../types/generated/time/pto_plan.ts';
import type { TimePtoPrefs } from '../../../types/generated/time/pto_prefs.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const day = (t: number) => DAY_FORMAT.format(new Date(t * 1000));

/** "16 hours of Vacation, Mar 1, 2027 to Mar 2, 2027". */
function what(request: TimePtoRequest, plan: string): string {
  const days =
    request.start_date === request.end_date
      ? day(request.start_date)
      : `${day(request.start_date)} to ${day(request.end_date)}`;
  return `${request.hours} hour${request.hours === 1 ? '' : 's'} of ${plan}, ${days}`;
}

interface Person {
  email: string;
  name: string;
}

async function person(s: Services, org: string, key: string | undefined): Promise<Person | undefined> {
  if (!key) return undefined;
  const d = (await s.storage.get('auth/users', org, key))?.data;
  if (!d || d.status === 'inactive' || typeof d.email !== 'string' || !d.email) return undefined;
  return { email: d.email, name: typeof d.display_name === 'string' && d.display_name ? d.display_name : d.email };
}

/** Who decides an employee's requests and is to hear of them. */
async function approversOf(s: Services, org: string, user: string): Promise<string[]> {
  const enrolment = (await s.storage.get('time/pto_employee', org, user))?.data as TimePtoEmployee | undefined;
  if (enrolment?.approver_id) return [enrolment.approver_id];
  if (!enrolment?.team_id) return [];
  const prefs = await s.storage.find('time/pto_prefs', org, {
    criteria: [{ field: 'team_id', is: '=', value: enrolment.team_id }],
    limit: 1,
    offset: 0,
  });
  const p = prefs.items[0]?.data as unknown as TimePtoPrefs | undefined;
  return p && p.notify_approvers !== false ? (p.approvers ?? []) : [];
}

function message(to: Person, subject: string, lines: string[], link: string, linkText: string): QueuedMessage {
  return {
    to: to.email,
    subject,
    text: `Hello ${to.name},\n${lines.join('\n')}\n${linkText}: ${link}`,
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
  };
}

/** The messages of this change of a request, as queue operations for its commit, and their keys. */
export async function ptoNoticeOps(
  s: Services,
  caller: Caller,
  record: StoredRecord,
  before: TimePtoRequest | undefined,
): Promise<{ ops: WriteOp[]; keys: string[] }> {
  const org = caller.org;
  const request = record.data as unknown as TimePtoRequest;
  const decided = before && before.status !== request.status && request.status !== 'requested';
  const asked = !before || (before.status !== 'requested' && request.status === 'requested');
  const changed =
    before?.status === 'requested' && request.status === 'requested' && whatWasAsked(before) !== whatWasAsked(request);
  if (!decided && !asked && !changed) return { ops: [], keys: [] };
  const plan = await planName(s, org.id, request.plan_id);
  const employee = await person(s, org.id, request.user_id);
  if (!plan || !employee) return { ops: [], keys: [] };
  const messages: QueuedMessage[] = [];
  if (changed) {
    const was = what(before, (await planName(s, org.id, before.plan_id)) ?? 'a plan no longer offered');
    messages.push(
      ...(await toApprovers(s, org.id, request.user_id, (approver) =>
        message(
          approver,
          `${org.name}: ${employee.name} changed a request for time off`,
          [`${employee.name} now asks for ${what(request, plan)}.`, `Before, the request was for ${was}.`],
          companyUrl(s.config, org.hostname, '/pto/admin/dash'),
          'Decide on the request',
        ),
      )),
    );
  }
  if (decided && caller.principal.userKey !== request.user_id) {
    const verdict = request.status === 'approved' ? 'approved' : 'denied';
    messages.push(
      message(
        employee,
        `${org.name}: your time off was ${verdict}`,
        [`Your request for ${what(request, plan)} was ${verdict}.`],
        companyUrl(s.config, org.hostname, `/time/pto_request/view/${record.key}`),
        'See the request',
      ),
    );
  }
  if (asked) {
    messages.push(
      ...(await toApprovers(s, org.id, request.user_id, (approver) =>
        message(
          approver,
          `${org.name}: ${employee.name} asks for time off`,
          [`${employee.name} asks for ${what(request, plan)}.`],
          companyUrl(s.config, org.hostname, '/pto/admin/dash'),
          'Decide on the request',
        ),
      )),
    );
  }
  return queued(s, org.id, record, messages);
}

/**
 * The messages of a request deleted, for the delete's commit: withdrawn by the employee, her
 * approvers hear of it while it waited or was approved; removed by someone else, she does.
 */
export async function ptoWithdrawalOps(
  s: Services,
  caller: Caller,
  record: StoredRecord,
): Promise<{ ops: WriteOp[]; keys: string[] }> {
  const org = caller.org;
  const request = record.data as unknown as TimePtoRequest;
  if (request.status !== 'requested' && request.status !== 'approved') return { ops: [], keys: [] };
  const plan = await planName(s, org.id, request.plan_id);
  const employee = await person(s, org.id, request.user_id);
  if (!plan || !employee) return { ops: [], keys: [] };
  const messages =
    caller.principal.userKey === request.user_id
      ? await toApprovers(s, org.id, request.user_id, (approver) =>
          message(
            approver,
            `${org.name}: ${employee.name} withdrew a request for time off`,
            [`${employee.name} withdrew the request for ${what(request, plan)}.`],
            companyUrl(s.config, org.hostname, '/pto/admin/dash'),
            'See the requests',
          ),
        )
      : [
          message(
            employee,
            `${org.name}: your time off request was removed`,
            [`Your request for ${what(request, plan)} was removed by your PTO manager.`],
            companyUrl(s.config, org.hostname, '/pto/employee/dash'),
            'See your time off',
          ),
        ];
  return queued(s, org.id, record, messages, 'removed');
}

/** The days, hours and plan a request asks for: what an approver decides on. */
const whatWasAsked = (r: TimePtoRequest) => JSON.stringify([r.plan_id, r.start_date, r.end_date, r.hours]);

async function planName(s: Services, org: string, key: string): Promise<string | undefined> {
  return ((await s.storage.get('time/pto_plan', org, key))?.data as TimePtoPlan | undefined)?.name;
}

/** A message to each approver of the employee who may hear it (not the employee herself). */
async function toApprovers(
  s: Services,
  org: string,
  user: string,
  write: (approver: Person) => QueuedMessage,
): Promise<QueuedMessage[]> {
  const out: QueuedMessage[] = [];
  for (const key of await approversOf(s, org, user)) {
    if (key === user) continue;
    const approver = await person(s, org, key);
    if (approver) out.push(write(approver));
  }
  return out;
}

const noticeKey = (record: StoredRecord, i: number, what = 'saved') =>
  `pto-${record.key}-${record.meta.version}-${what === 'saved' ? '' : `${what}-`}${i}`;

function queued(s: Services, org: string, record: StoredRecord, messages: QueuedMessage[], what?: string) {
  const q = messages.map((m, i) => queueOp(s, org, m, noticeKey(record, i, what)));
  return { ops: q.map((x) => x.op), keys: q.map((x) => x.key) };
}

/** Delivers the messages `ptoNoticeOps` (or, `what` 'removed', `ptoWithdrawalOps`) queued for this version of the request, after its commit. */
export async function deliverPtoNotices(s: Services, record: StoredRecord, what?: string): Promise<void> {
  for (let i = 0; ; i++) {
    const key = noticeKey(record, i, what);
    if (!(await s.storage.get(SYSTEM.outbox, SYSTEM_ORG, key))) return;
    // A message not sent now stays queued: the outbox's sender retries it.
    await deliverQueued(s, key);
  }
}
