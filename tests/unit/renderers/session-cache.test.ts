/**
 * What signing in or out drops from the query cache (renderers/session/session.tsx): the previous
 * user's data, never the company resolved from the host name, which the app shell is rendered from.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { QueryClient } from '@tanstack/react-query';
import { forgetUserData } from '../../../renderers/session/session.tsx';

test("drops the previous user's data and keeps the resolved company", () => {
  const client = new QueryClient();
  client.setQueryData(['resolve_org', 'acmedemo.dform.app'], { organization_id: 'org-1' });
  client.setQueryData(['meta', 'payroll', 'employee'], { title: 'Employee' });
  client.setQueryData(['record', 'payroll', 'employee', 'k1'], { key: 'k1' });
  client.getMutationCache().build(client, { mutationFn: async () => 1 });
  assert.equal(client.getMutationCache().getAll().length, 1);

  forgetUserData(client);

  assert.deepEqual(client.getQueryData(['resolve_org', 'acmedemo.dform.app']), { organization_id: 'org-1' });
  assert.equal(client.getQueryData(['meta', 'payroll', 'employee']), undefined);
  assert.equal(client.getQueryData(['record', 'payroll', 'employee', 'k1']), undefined);
  assert.equal(client.getMutationCache().getAll().length, 0);
  client.clear();
});
