/**
 * The employee's onboarding checklist (GET /payroll/api/onboarding_checklist): each required form
 * with its state and due day, the progress, and "Continue" to the next step.
 */
import { Link } from 'react-router';
import type { Checklist } from '../../api/types.ts';
import { PrefetchLink } from '../../app/PrefetchLink.tsx';
import { dueLabel, FINISHED, STEP_ACTIONS, STEP_LABELS, stepPath } from './labels.ts';

export function ChecklistPanel({ list }: { list: Checklist }) {
  const next = list.items.find((i) => i.type === list.next && i.key === list.next_key);
  const waiting = list.items.filter((i) => i.state === 'waiting_employer');
  return (
    <section className="panel checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">Your onboarding</h2>
      <p>
        <label htmlFor="checklist-progress">
          {list.done} of {list.total} forms done
        </label>
        <progress id="checklist-progress" max={list.total} value={list.done} />
      </p>
      {next ? (
        <div className="checklist__next">
          <p>
            Next step: <strong>{next.task}</strong>
            {next.due !== undefined && (
              <span className={next.overdue ? 'badge badge--negative' : 'badge'}>{dueLabel(next)}</span>
            )}
          </p>
          <PrefetchLink className="btn btn--primary" to={stepPath(next, list.user_key)}>
            {list.done ? 'Continue' : 'Start onboarding'}
          </PrefetchLink>
        </div>
      ) : (
        <p className="banner" role="status">
          You have completed every form.
          {waiting.length ? ' Your employer still has to complete their part.' : ''}
        </p>
      )}
      <ol className="checklist__items">
        {list.items.map((i) => (
          <li key={i.key ?? i.type} className={`checklist__item checklist__item--${i.state}`}>
            <span className="checklist__task">{i.task}</span>
            <span className={`badge${FINISHED.has(i.state) ? ' badge--positive' : ''}`}>{STEP_LABELS[i.state]}</span>
            {i.due !== undefined && !FINISHED.has(i.state) && (
              <span className={i.overdue ? 'checklist__due overdue' : 'checklist__due muted'}>{dueLabel(i)}</span>
            )}
            <Link to={stepPath(i, list.user_key)} aria-label={`${STEP_ACTIONS[i.state]}: ${i.task}`}>
              {STEP_ACTIONS[i.state]}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
