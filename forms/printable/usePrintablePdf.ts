/**
 * The viewer's controller: fetches a form's PDF from the server with the auth_token header (the
 * browser never builds a PDF, so pdfmake stays out of its bundles) and shows it from a blob URL,
 * revoked when the form changes or the viewer closes. Plain URLs (a new tab, a download) use a
 * single-use download key, so the token never appears in a URL.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { saveFrom } from '../../renderers/api/save-file.ts';

export type PdfState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; url: string; size: number };

/** What the viewer says when a form cannot be shown. */
export function pdfErrorMessage(e: unknown): string {
  if (isFailure(e, 404)) return 'This form has not been filled in yet.';
  if (isFailure(e, 403)) return 'Not authorized.';
  if (isFailure(e)) return e.message;
  return 'The form could not be loaded.';
}

export interface PrintablePdf {
  state: PdfState;
  retry(): void;
  /** Opens the form in a new tab through a download key. */
  openInNewTab(): Promise<void>;
  /** Downloads the form as a file through a download key. */
  download(): Promise<void>;
}

export function usePrintablePdf(client: ApiClient, form: string, recordKey: string): PrintablePdf {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let url: string | undefined;
    setState({ status: 'loading' });
    client.printable(form, recordKey).then(
      (blob) => {
        if (!live) return;
        // Typed as a PDF whatever the server said, so the frame shows it and nothing else.
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ status: 'ready', url, size: blob.size });
      },
      (e: unknown) => {
        if (live) setState({ status: 'error', message: pdfErrorMessage(e) });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, form, recordKey, attempt]);

  const viaKey = useCallback(
    async (use: (url: string) => void) => {
      const { url } = await client.downloadKey(form, recordKey);
      use(url);
    },
    [client, form, recordKey],
  );

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    openInNewTab: async () => {
      // Opened now, while the click still counts as the user's, then pointed at the PDF.
      const tab = window.open('about:blank', '_blank');
      if (tab) tab.opener = null;
      try {
        await viaKey((url) => {
          if (tab) tab.location.href = url;
          else window.open(url, '_blank', 'noopener');
        });
      } catch (e) {
        tab?.close();
        throw e;
      }
    },
    download: () => viaKey((url) => saveFrom(url, `${form}.pdf`)),
  };
}
