import { expect, test } from 'vitest';
import { byteAmount } from '../../../engine/byte-amount.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

test.each([
  [0, false, '0 bytes'],
  [1, false, '1 byte'],
  [1023, false, '1023 bytes'],
  [KiB, false, '1 KiB'],
  [25 * MiB, false, '25 MiB'],
  [1.25 * GiB, false, '1.3 GiB'],
  [1.25 * GiB, true, '1.2 GiB'],
  [10 * GiB - 1, true, '9.9 GiB'],
  [10 * GiB - 1, false, '10 GiB'],
  [2048 * 1024 * GiB, false, '2,048 TiB'],
])('%d bytes (down: %s) read %s', (bytes, down, shown) => {
  expect(byteAmount(bytes, down)).toBe(shown);
});
