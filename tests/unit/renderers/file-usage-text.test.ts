import { expect, test } from 'vitest';
import { fileUsageParts } from '../../../renderers/format/file-usage-text.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

test.each([
  [{ person: { bytes: 12 * MiB, files: 3, limit: GiB } }, ['Your files: 12 MiB of 1 GiB']],
  [
    {
      person: { bytes: 0, files: 0, limit: GiB },
      company: { name: 'Acme Demo', bytes: 1.25 * GiB, files: 40, limit: 10 * GiB },
    },
    ['Your files: 0 bytes of 1 GiB', 'Acme Demo: 1.2 GiB of 10 GiB'],
  ],
])('%o reads %o', (usage, parts) => {
  expect(fileUsageParts(usage)).toEqual(parts);
});
