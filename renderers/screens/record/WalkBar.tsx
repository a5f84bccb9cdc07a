/**
 * The walk through the onboarding checklist (docs/journeys.md): a form opened from the checklist
 * says which step it is, goes back to the previous one, or leaves to resume later; its Save
 * becomes "Save and continue" and opens the next step not finished (useWalk).
 */
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checklist } from '../../api/types.ts';
import { useServices } from '../../session/session.tsx';
import { useNotify } from '../../notify/notify.tsx';
import { checklistQuery, keys } from '../queries.ts';
import { FINISHED, isStep, stepPath, WALK_ONBOARDING, WALK_PARAM } from '../../pages/home/labels.ts';

export interface Walk {
  list: Checklist;
  index: number;
  /** After a save: the next step not finished, or home when every step is. */
  next(): Promise<void>;
}

export function useWalk(type: string, key: string | undefined): Walk | undefined {
  const [params] = useSearchParams();
  const walking = params.get(WALK_PARAM) === WALK_ONBOARDING;
  const { client } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const list = useQuery({ ...checklistQuery(client), enabled: walking });
  const index = list.data?.items.findIndex((i) => isStep(i, type, key)) ?? -1;
  const next = useCallback(async () => {
    const fresh = await queryClient.fetchQuery({ ...checklistQuery(client), staleTime: 0 });
    const at = fresh.items.findIndex((i) => isStep(i, type, key));
    const open = fresh.items.filter((i) => !FINISHED.has(i.state));
    const after = fresh.items.slice(at + 1).find((i) => !FINISHED.has(i.state)) ?? open[0];
    void queryClient.invalidateQueries({ queryKey: keys.pipeline() });
    if (after && after !== fresh.items[at]) void navigate(stepPath(after, fresh.user_key));
    else if (!after) {
      notify({ type: 'positive', message: 'You have completed every onboarding form. Thank you!' });
      void navigate('/home');
    }
  }, [queryClient, client, type, key, navigate, notify]);
  if (!walking || !list.data || index < 0) return undefined;
  return { list: list.data, index, next };
}

export function WalkBar({ walk }: { walk: Walk }) {
  const { list, index } = walk;
  const item = list.items[index];
  const previous = index > 0 ? list.items[index - 1] : undefined;
  return (
    <nav className="walk" aria-label="Onboarding steps">
      <p className="walk__step">
        Step {index + 1} of {list.total}: <strong>{item.task}</strong>
      </p>
      <progress max={list.total} value={list.done} aria-label={`${list.done} of ${list.total} forms done`} />
      <div className="walk__actions">
        {previous && (
          <Link className="btn" to={stepPath(previous, list.user_key)}>
            Back<span className="visually-hidden">: {previous.task}</span>
          </Link>
        )}
        <Link className="btn" to="/home">
          Resume later
        </Link>
      </div>
    </nav>
  );
}
