/**
 * The most common passwords: the 49,233 of zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common,
 * an npm dependency pinned in package.json, so the list ships with the product and is never fetched).
 * Loaded on first use: unpacking it is work neither the server's start nor the web app's first
 * screen should pay (bench/results.md, History); the web app's bundler puts it in a chunk of its own.
 */
let loading: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase())),
  );
  return loading;
}
