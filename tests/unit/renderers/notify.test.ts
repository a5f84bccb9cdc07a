import { test } from 'vitest';
import assert from 'node:assert/strict';
import { withNotice, type Notice } from '../../../renderers/notify/notify.tsx';
import { clearBottom } from '../../../renderers/notify/keep-clear.ts';

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

test('a success supersedes the success before it: the latest save says how the form stands', () => {
  const unsigned: Notice = {
    id: 4,
    type: 'positive',
    message: 'Saved. The form is not signed yet: sign it to finish.',
  };
  const shown = withNotice([warned, unsigned], { id: 5, type: 'positive', message: 'Saved.' });
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

test('notices rise above a bar they would cover, and only then (clearBottom)', () => {
  const vh = 800;
  // The region at rest: 16 px above the bottom, 72 px tall, on the right.
  const region = { top: 712, bottom: 784, left: 828, right: 1268 };
  const bar = (top: number, bottom: number, left = 272, right = 1248) => ({ top, bottom, left, right });
  const cases: [string, Parameters<typeof clearBottom>[2], number][] = [
    ['no bar', [], 16],
    ['a sticky Save bar at the bottom', [bar(733, 800)], 75],
    ['a taller bar (it wrapped, or lists why a save was refused)', [bar(600, 800)], 208],
    ['a bar higher up the page, clear of the region', [bar(300, 367)], 16],
    ['a bar scrolled out of the window', [bar(900, 967)], 16],
    ['a bar on the left, beside the region', [bar(733, 800, 0, 600)], 16],
    ['two bars, one above the other', [bar(733, 800), bar(660, 730)], 148],
  ];
  for (const [what, bars, bottom] of cases) assert.equal(clearBottom(region, 16, bars, vh), bottom, what);
});
