/**
 * /error, and what the router shows when a page throws (the error is logged, spec/000 section 8).
 */
import { Link, useRouteError } from 'react-router';

export function ErrorPage({ detail }: { detail?: string }) {
  return (
    <section className="card card--narrow" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>{detail ?? 'The page could not be shown. Please try again.'}</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  console.error('router:', error);
  return (
    <main className="public__main">
      <ErrorPage />
    </main>
  );
}
