/**
 * The group helpers in the browser (spec/001 section 7): add a user to 'Clock Employees' or
 * 'PTO Employees', or remove them from every group. The server does the work
 * (POST /auth/api/add_clock_employees, add_pto_employees, remove_user_from_groups) within the
 * editor's own permissions; these buttons ask and report.
 *
 * - UserGroupActions: the header actions of a user's record screen (ScreenContext of auth/users).
 * - GroupHelperActions: the same on a group's screen, for a user picked by name or e-mail.
 */
import { useState } from 'react';
import type { ApiClient } from '../../../renderers/api/client.ts';
import { failureText } from '../../../renderers/api/failure.ts';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import { holds } from '../session-rights.ts';
import { useUserSearch } from '../../widgets/useUserSearch.ts';

type Helper = 'add_clock_employees' | 'add_pto_employees' | 'remove_user_from_groups';

const mayManageGroups = (ctx: ScreenContext) => holds(ctx.session, 'AUTH:CanManageGroups');

interface ButtonsProps {
  ctx: ScreenContext;
  userKey: string;
  userName: string;
  onDone?(): Promise<void> | void;
}

function UserGroupButtons({ ctx, userKey, userName, onDone }: ButtonsProps) {
  const [busy, setBusy] = useState(false);
  const run = async (helper: Helper) => {
    if (helper === 'remove_user_from_groups') {
      const sure = await ctx.dialogs.confirm(`Remove ${userName} from all groups?`, {
        title: 'Remove from all groups',
        accept: 'Remove',
        danger: true,
      });
      if (!sure) return;
    }
    setBusy(true);
    try {
      const answer = await ctx.client.groupHelper(helper, userKey);
      ctx.notify({ type: 'positive', message: doneMessage(helper, userName, answer) });
      await onDone?.();
    } catch (e) {
      ctx.notify({ type: 'negative', message: failureText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" disabled={busy} onClick={() => void run('add_clock_employees')}>
        Add to Clock Employees
      </button>
      <button type="button" className="btn" disabled={busy} onClick={() => void run('add_pto_employees')}>
        Add to PTO Employees
      </button>
      <button
        type="button"
        className="btn btn--danger"
        disabled={busy}
        onClick={() => void run('remove_user_from_groups')}
      >
        Remove from all groups
      </button>
    </>
  );
}

function doneMessage(helper: Helper, name: string, answer: Awaited<ReturnType<ApiClient['groupHelper']>>): string {
  if (helper === 'add_clock_employees') return `${name} added to Clock Employees.`;
  if (helper === 'add_pto_employees') return `${name} added to PTO Employees.`;
  const n = 'groups' in answer ? answer.groups.length : 0;
  return `${name} removed from ${n} ${n === 1 ? 'group' : 'groups'}.`;
}

/** Header actions of a user's record (auth/users): the helpers for that user. */
export function UserGroupActions(ctx: ScreenContext) {
  const key = ctx.record?.key;
  if (!key || ctx.isNew || !mayManageGroups(ctx)) return null;
  const name = String(ctx.record?.data.display_name ?? ctx.record?.data.email ?? 'The user');
  return <UserGroupButtons ctx={ctx} userKey={key} userName={name} />;
}

/** Header actions of a group's screen: pick a user, then use a helper for them. */
export function GroupHelperActions(ctx: ScreenContext) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<{ key: string; name: string }>();
  const search = useUserSearch(ctx.client, []);
  if (!mayManageGroups(ctx) || ctx.isNew) return null;
  if (!open) {
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Group helpers
      </button>
    );
  }
  return (
    <section className="group-helpers" aria-label="Group helpers">
      <label className="group-helpers__search">
        <span>User</span>
        <input
          type="search"
          aria-label="Find a user for the group helpers"
          className="input"
          placeholder="Search by name or e-mail"
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
        />
      </label>
      {search.text.trim() !== '' && (
        <ul className="user-select__results" aria-label="Matching users">
          {search.hits.map((h) => (
            <li key={h.key}>
              <button
                type="button"
                className="user-select__hit"
                onClick={() => {
                  setChosen({ key: h.key, name: h.name });
                  search.setText('');
                }}
              >
                {h.name} <span className="muted">({h.email})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <div className="group-helpers__actions">
          <p>
            Chosen: <strong>{chosen.name}</strong>
          </p>
          <UserGroupButtons ctx={ctx} userKey={chosen.key} userName={chosen.name} onDone={ctx.reload} />
        </div>
      )}
      <button type="button" className="btn" onClick={() => setOpen(false)}>
        Close helpers
      </button>
    </section>
  );
}
