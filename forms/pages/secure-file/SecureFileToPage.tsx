/**
 * /secure_file/{email} (spec/000 section 2; what it shows the spec does not say): a link that
 * sends a secure file to the person of that address, such as one HR puts under its e-mails. It
 * opens the secure file's create screen with that person chosen as its recipient and the sender
 * filled in from the signed-in person. Whom one may send a secure file to is the recipient picker's
 * question (POST /auth/api/search_people for "hr/secure_files", docs/files.md): someone who may not
 * find the address there is told so and offered the form, where the picker shows whom they may
 * choose. Sign-in comes first: a secure file's sender is a person of the company.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { isFailure } from '../../../renderers/api/failure.ts';
import { MAX_PEOPLE_TEXT } from '../../../engine/people-search.ts';
import { createPath, SECURE_FILES_LIST } from '../../../renderers/pages/documents-pages.ts';
import { useServices } from '../../../renderers/session/session.tsx';
import { useFormsStyles } from '../../styles/load-styles.ts';

const sameAddress = (a: string | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

export function SecureFileToPage() {
  useFormsStyles();
  const { client, auth } = useServices();
  const email = useParams().email ?? '';
  // Only an address is looked up: anything else finds no one.
  const asked = email.includes('@') && email.length <= MAX_PEOPLE_TEXT;
  const user = auth.session?.user;
  const found = useQuery({
    queryKey: ['auth', 'search_people', email, SECURE_FILES_LIST.createPicksPeople],
    queryFn: async () => {
      try {
        return await client.searchPeople(email, SECURE_FILES_LIST.createPicksPeople);
      } catch (e) {
        // One who may choose no one at all is told the same as for an address not found.
        if (isFailure(e, 403)) return [];
        throw e;
      }
    },
    enabled: asked,
    retry: false,
  });
  const recipient = found.data?.find((p) => sameAddress(p.data.email, email));
  if (recipient) return <Navigate replace to={createPath(SECURE_FILES_LIST, user, { owner_id: recipient.key })} />;
  return (
    <section className="page page--narrow" aria-labelledby="secure-file-to-title">
      <h1 id="secure-file-to-title">Send a secure file</h1>
      {found.isPending && asked ? (
        <p className="page-loading" role="status">
          Looking for {email}…
        </p>
      ) : found.isError ? (
        <p className="banner banner--negative" role="alert">
          Could not look for {email}. Try again in a moment.
        </p>
      ) : (
        <>
          <p role="status">
            No one you may send a secure file to has the address{' '}
            <strong className="secure-file-to__address">{email}</strong>.
          </p>
          <p>Choose the recipient on the form instead: it offers those you may send one to.</p>
          <p>
            <Link className="btn btn--primary" to={createPath(SECURE_FILES_LIST, user)}>
              New secure file
            </Link>{' '}
            <Link className="btn" to="/secure_file_transfer">
              Secure file transfer
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
