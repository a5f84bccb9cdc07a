/**
 * /onboarding: the employee's onboarding checklist on a page of its own (the landing of an
 * employee without an employee id, spec/000 section 4).
 */
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../session/session.tsx';
import { checklistQuery } from '../screens/queries.ts';
import { ChecklistPanel } from './home/ChecklistPanel.tsx';

export function OnboardingPage() {
  const { client } = useServices();
  const list = useQuery(checklistQuery(client));
  return (
    <section className="page" aria-labelledby="onboarding-title" aria-busy={list.isPending}>
      <h1 id="onboarding-title">Onboarding</h1>
      {list.isPending && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      {list.error && (
        <p className="banner banner--negative" role="alert">
          {list.error.message}
        </p>
      )}
      {list.data && list.data.items.length === 0 && <p>There are no onboarding forms for you.</p>}
      {list.data && list.data.items.length > 0 && <ChecklistPanel list={list.data} />}
    </section>
  );
}
