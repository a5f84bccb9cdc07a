/**
 * A saved PTO request that the change sent back for a decision says so (forms/screens/time).
 */
import { it } from 'vitest';
import assert from 'node:assert/strict';
import { ptoRequestScreen } from '../../forms/screens/time/pto_request.ts';
import type { ScreenContext } from '../../renderers/contract/forms-registry.ts';
import type { WireRecord } from '../../renderers/api/types.ts';

const record = (status: string) => ({ key: 'k', data: { status, hours: 8 }, meta: {} }) as unknown as WireRecord;
const ctx = (before?: string) => ({ record: before ? record(before) : undefined }) as unknown as ScreenContext;

it('tells a decision withdrawn by the change, and nothing else', () => {
  const said = ptoRequestScreen.savedMessage!;
  assert.equal(
    said(ctx('approved'), record('requested')),
    'Saved. The change sent the request back for a decision: it is no longer approved.',
  );
  assert.equal(
    said(ctx('denied'), record('requested')),
    'Saved. The change sent the request back for a decision: it is no longer denied.',
  );
  assert.equal(said(ctx('approved'), record('approved')), undefined, 'the reason alone keeps the decision');
  assert.equal(said(ctx('requested'), record('requested')), undefined);
  assert.equal(said(ctx(), record('requested')), undefined, 'a new request');
});
