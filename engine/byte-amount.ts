/**
 * A number of bytes as people read it (`25 MiB`, `9.9 GiB`): the quota's refusals on the server and
 * the usage line of the documents pages say a size the same way.
 */
const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** `25 MiB`, `9.9 GiB`; `down` rounds down (a usage never shows as its limit before it is). */
export function byteAmount(bytes: number, down = false): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  if (unit === 0) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const tenths = (down ? Math.floor(n * 10) : Math.round(n * 10)) / 10;
  return `${tenths.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}
