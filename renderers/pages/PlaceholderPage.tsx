/**
 * Pages of the shell whose contents the spec does not show (reports, my clients, onboarding).
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="ph-title">
      <h1 id="ph-title">{title}</h1>
      <p className="muted">Nothing to show here yet.</p>
    </section>
  );
}
