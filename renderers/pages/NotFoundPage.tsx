/**
 * 'Page Not Found' (spec/000 section 2): unknown paths and invalid module/datatype combinations.
 */
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page page--narrow not-found" aria-labelledby="nf-title">
      <h1 id="nf-title">Page Not Found</h1>
      <p>The page you asked for does not exist, or it has moved.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}
