import { test } from 'vitest';
import assert from 'node:assert/strict';
import { withNotice, type Notice } from '../../../renderers/notify/notify.tsx';

const refused: Notice = {
  id: 1,
  type: 'negative',
  message: 'Not saved: correct the fields listed at the top of the form.',
};
const warned: Notice = { id: 2, type: 'warning', message: 'Your session ends in 2 minutes.' };

test('a success supersedes the failures shown before it, not other notices', () => {
  const shown = withNotice([refused, warned], { id: 3, type: 'positive', message: 'Saved.' });
  assert.deepEqual(
    shown.map((n) => n.message),
    ['Your session ends in 2 minutes.', 'Saved.'],
  );
});

test('a failure after a failure keeps both; the same message is shown once', () => {
  const other: Notice = { id: 3, type: 'negative', message: 'Not authorized.' };
  assert.deepEqual(
    withNotice([refused], other).map((n) => n.id),
    [1, 3],
  );
  assert.deepEqual(
    withNotice([refused, other], { ...refused, id: 4 }).map((n) => n.id),
    [3, 4],
  );
});
