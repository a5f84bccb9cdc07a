/**
 * A value that holds user keys (created_by, invited_by, a group's users), shown by display name
 * with the e-mail on hover; a key no account of the company has (one deleted for good) as "Deleted
 * user", the key on hover.
 */
import { useOptionalClient } from '../session/session.tsx';
import { userKeysOf, useUserNames } from './useUserNames.ts';

export function UserNames({ value }: { value: unknown }) {
  const client = useOptionalClient();
  const keys = userKeysOf(value);
  const { names, nameOf } = useUserNames(client, keys);
  if (!keys.length) return <>{Array.isArray(value) ? value.join(', ') : String(value ?? '')}</>;
  return (
    <>
      {keys.map((k, i) => (
        <span key={k} title={names.get(k)?.email || (names.get(k) === null ? k : undefined)}>
          {i > 0 && ', '}
          {nameOf(k)}
        </span>
      ))}
    </>
  );
}
