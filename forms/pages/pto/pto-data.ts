/**
 * The PTO pages' reads, through the data client (API.md "Generic data API", module `time`). Every
 * find is bounded: a list page asks for one page of rows and tells the total; reads of every match
 * (balances, ledger lines for a year's totals) stop at a cap and say when it left some out. A
 * balance is the server's balance record (`pto_balance`, kept with every ledger line). All keys start
 * with `pto`, so a decision refreshes every PTO page at once (`refreshPto`).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../renderers/api/client.ts';
import type { Criterion, FindAnswer, FindBody, WireRecord } from '../../../renderers/api/types.ts';
import { useServices } from '../../../renderers/session/session.tsx';
import type { TimePtoBalance } from '../../../types/generated/time/pto_balance.ts';
import type { TimePtoEmployee } from '../../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../../types/generated/time/pto_plan.ts';
import type { TimePtoProgression } from '../../../types/generated/time/pto_progression.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';

/** The records of the TIME module these pages read, by type. */
export interface PtoTypes {
  pto_plan: TimePtoPlan;
  pto_progression: TimePtoProgression;
  pto_employee: TimePtoEmployee;
  pto_register: TimePtoRegister;
  pto_balance: TimePtoBalance;
  pto_request: TimePtoRequest;
}
export type PtoType = keyof PtoTypes;
export type PtoRecord<T extends PtoType> = WireRecord<PtoTypes[T] & Record<string, unknown>>;

/** Rows a list page shows at a time. */
export const PAGE_SIZE = 50;
/** The largest page the API answers (API.md: limit at most 500). */
const MAX_LIMIT = 500;
/** Ledger lines read at most for one set of balances. */
export const LEDGER_CAP = 5000;
/** Plans a company is expected to have at most; more are said to be left out. */
export const PLAN_CAP = 200;

export interface Bounded<T extends PtoType> {
  items: PtoRecord<T>[];
  total: number;
  /** Every matching record was read. */
  complete: boolean;
}

const ptoKey = (...parts: unknown[]) => ['pto', ...parts];

/** Refetches every PTO read (after a decision). */
export function refreshPto(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['pto'] });
}

function find<T extends PtoType>(client: ApiClient, type: T, body: FindBody) {
  return client.find('time', type, body) as Promise<FindAnswer<PtoTypes[T] & Record<string, unknown>>>;
}

/** Up to `cap` records, a page of at most 500 at a time, in a stable order. */
export async function findUpTo<T extends PtoType>(
  client: ApiClient,
  type: T,
  criteria: Criterion[],
  sort: FindBody['sort'],
  cap: number,
): Promise<Bounded<T>> {
  const items: PtoRecord<T>[] = [];
  let total = 0;
  while (items.length < cap) {
    const page = await find(client, type, {
      criteria,
      sort,
      limit: Math.min(MAX_LIMIT, cap - items.length),
      offset: items.length,
    });
    items.push(...page.items);
    total = page.total;
    if (!page.items.length || items.length >= total) break;
  }
  return { items, total, complete: items.length >= total };
}

/** One page of a list, with the total the API counts. */
export function usePtoPage<T extends PtoType>(type: T, body: FindBody, enabled = true) {
  const { client } = useServices();
  return useQuery({
    queryKey: ptoKey('page', type, body),
    queryFn: () => find(client, type, body),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** Every record matching, up to `cap` (see Bounded.complete). */
export function usePtoAll<T extends PtoType>(
  type: T,
  criteria: Criterion[],
  sort: FindBody['sort'],
  { cap = LEDGER_CAP, enabled = true }: { cap?: number; enabled?: boolean } = {},
) {
  const { client } = useServices();
  return useQuery({
    queryKey: ptoKey('all', type, criteria, sort, cap),
    queryFn: () => findUpTo(client, type, criteria, sort, cap),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** The ledger lines of these employees (all of them when `userIds` is undefined), oldest first. */
export function useLedger(userIds: readonly string[] | undefined, enabled = true) {
  const criteria: Criterion[] = userIds ? [{ field: 'user_id', is: 'in', value: [...userIds] }] : [];
  return usePtoAll(
    'pto_register',
    criteria,
    [
      { field: 'effective_date', dir: 'asc' },
      { field: 'created_time', dir: 'asc' },
    ],
    { enabled: enabled && (!userIds || userIds.length > 0) },
  );
}

/** The latest `count` ledger lines of one employee, newest first. */
export function useLatestLedger(userId: string, count: number) {
  return usePtoPage(
    'pto_register',
    {
      criteria: [{ field: 'user_id', is: '=', value: userId }],
      sort: [
        { field: 'effective_date', dir: 'desc' },
        { field: 'created_time', dir: 'desc' },
      ],
      limit: count,
    },
    !!userId,
  );
}

/**
 * The balances of these employees (all of the company's when `userIds` is undefined), from the
 * records the server keeps with every ledger line: `of` answers a person's hours on a plan (0 when
 * nothing moved it), `plansOf` the plans a person holds a balance on.
 */
export function useBalances(userIds: readonly string[] | undefined) {
  const criteria: Criterion[] = userIds ? [{ field: 'user_id', is: 'in', value: [...userIds] }] : [];
  const query = usePtoAll(
    'pto_balance',
    criteria,
    [
      { field: 'user_id', dir: 'asc' },
      { field: 'plan_id', dir: 'asc' },
    ],
    { enabled: !userIds || userIds.length > 0 },
  );
  const byUser = new Map<string, Map<string, number>>();
  for (const { data } of query.data?.items ?? []) {
    const plans = byUser.get(data.user_id) ?? new Map<string, number>();
    plans.set(data.plan_id, data.hours);
    byUser.set(data.user_id, plans);
  }
  return {
    query,
    of: (user: string, plan: string) => byUser.get(user)?.get(plan) ?? 0,
    plansOf: (user: string) => [...(byUser.get(user)?.keys() ?? [])],
  };
}

/** The company's plans by key, with a name for any key (a plan gone reads as "Plan no longer offered"). */
export function usePlans() {
  const q = usePtoAll('pto_plan', [], [{ field: 'name', dir: 'asc' }], { cap: PLAN_CAP });
  const byKey = new Map((q.data?.items ?? []).map((p) => [p.key, p]));
  return {
    query: q,
    plans: q.data?.items ?? [],
    byKey,
    nameOf: (key: string | undefined) =>
      !key ? 'No plan' : (byKey.get(key)?.data.name ?? (q.isPending ? 'Loading…' : 'Plan no longer offered')),
  };
}

/**
 * An employee's enrolment (`pto_employee`, keyed by their user key), or null when they are not in
 * PTO, an expected state: found by its user, which answers an empty list when there is none. PTO
 * managers may find anyone's, an employee her own (the list rule's @owner).
 */
export function useEnrolment(userId: string) {
  const { client } = useServices();
  return useQuery({
    queryKey: ptoKey('enrolment', userId),
    queryFn: async (): Promise<PtoRecord<'pto_employee'> | null> => {
      const found = await find(client, 'pto_employee', {
        criteria: [{ field: '_user_uuid', is: '=', value: userId }],
        limit: 1,
      });
      return found.items[0] ?? null;
    },
    staleTime: 0,
    retry: false,
    enabled: !!userId,
  });
}

/** The signed-in person's user key. */
export function useMe(): { key: string } {
  const { auth } = useServices();
  return { key: auth.session?.user.key ?? '' };
}
