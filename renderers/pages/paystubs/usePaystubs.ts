/**
 * The Paystubs page's controller (/paystubs and /inactive/paystubs): the signed-in person's own pay
 * statements (my_paystubs: the server answers only theirs), newest pay date first, a page at a
 * time; and opening one's printable statement in a new tab through a single-use download key, so
 * the token never appears in a URL. While the company's block_paystubs is on the server refuses
 * these reads (x-hidden-by), and the page says so without asking.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { failureText, isFailure } from '../../api/failure.ts';
import type { FindBody, WireRecord } from '../../api/types.ts';
import { keys } from '../../screens/queries.ts';
import { useServices } from '../../session/session.tsx';
import type { PayrollPaystubs } from '../../../types/generated/payroll/paystubs.ts';

/** Statements a page shows: half a year of bi-weekly pay. */
export const PAYSTUBS_PAGE_SIZE = 13;

/** What the page says while the company has paystubs blocked (the schema's x-hidden-by message). */
export const PAYSTUBS_BLOCKED = 'Paystubs are not available for this company.';

export type Paystub = WireRecord<PayrollPaystubs & Record<string, unknown>>;

export type PaystubsState =
  | { status: 'refused'; message: string }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: Paystub[]; total: number; page: number; pageCount: number };

export interface PaystubsController {
  state: PaystubsState;
  setPage(page: number): void;
  /** Opens a statement's PDF in a new tab; a failure is told in `openError`. */
  open(key: string): void;
  openError?: string;
}

/** The find of one page of the caller's own statements, newest pay date first. */
export function paystubsFind(page: number): FindBody {
  return {
    criteria: [],
    sort: [{ field: 'pay_date', dir: 'desc' }],
    limit: PAYSTUBS_PAGE_SIZE,
    offset: (page - 1) * PAYSTUBS_PAGE_SIZE,
  };
}

/** Opens the tab at once, while the click still counts as the person's, then points it at the PDF. */
async function openInNewTab(client: ApiClient, key: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const { url } = await client.downloadKey('paystubs', key);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    throw e;
  }
}

export function usePaystubs(): PaystubsController {
  const { auth, client } = useServices();
  const blocked = auth.session?.organization?.enabled_features?.block_paystubs === true;
  const [page, setPage] = useState(1);
  const [openError, setOpenError] = useState<string>();
  const body = paystubsFind(page);
  const query = useQuery({
    queryKey: keys.find('payroll', 'my_paystubs', body),
    queryFn: () => client.find<PayrollPaystubs & Record<string, unknown>>('payroll', 'my_paystubs', body),
    enabled: !blocked,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const open = (key: string) => {
    setOpenError(undefined);
    openInNewTab(client, key).catch((e: unknown) =>
      setOpenError(failureText(e, 'The statement could not be opened. Try again.')),
    );
  };
  return { state: stateOf(blocked, page, query), setPage, open, openError };
}

function stateOf(
  blocked: boolean,
  page: number,
  query: { data?: { items: Paystub[]; total: number }; error: unknown; isPending: boolean },
): PaystubsState {
  if (blocked) return { status: 'refused', message: PAYSTUBS_BLOCKED };
  if (query.error) {
    // Refused: the company blocked paystubs since this session began, say, in the server's own words.
    if (isFailure(query.error, 403)) return { status: 'refused', message: failureText(query.error, PAYSTUBS_BLOCKED) };
    return { status: 'error', message: failureText(query.error, 'Your paystubs could not be loaded.') };
  }
  if (query.isPending || !query.data) return { status: 'loading' };
  const { items, total } = query.data;
  return { status: 'ready', items, total, page, pageCount: Math.max(1, Math.ceil(total / PAYSTUBS_PAGE_SIZE)) };
}
