/**
 * The printable form viewer of spec/001 section 2: a maximized dialog showing one form of an
 * employee (key) as the server prints it, a form type selector (the forms that exist for the
 * employee: i9, w4, their state's form) and the
 * Actions menu fixed top right (Print, Open in new tab, Download, Close).
 *
 * Print is the browser's print of the PDF itself, through the frame's window: printing the page
 * would print the browser's PDF viewer as it shows on screen (its toolbar and one page). Only when
 * the frame cannot be reached does the page print, with a print stylesheet that hides everything
 * but the form.
 */
import { useId, useRef, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { Dialog } from '../../renderers/dialogs/Dialog.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { ActionsMenu } from './ActionsMenu.tsx';
import type { FormOption } from './printable-forms.ts';
import { pdfErrorMessage, usePrintablePdf } from './usePrintablePdf.ts';

export interface PrintableViewerProps {
  client: ApiClient;
  /** The employee's user key: the record key of their I-9, W-4 and state W-4. */
  recordKey: string;
  /** The form shown first, one of `forms`. */
  form: string;
  /** The selector's choices: the forms that exist for this employee (GET /payroll/api/forms/{key}). */
  forms: readonly FormOption[];
  onClose(): void;
  /** Where a failed new tab or download is told (the screen's notifications). */
  onError?(message: string): void;
}

/** Prints the PDF shown in the frame, or the page when the frame's window is out of reach. */
function printPdf(frame: HTMLIFrameElement | null): void {
  try {
    const win = frame?.contentWindow;
    if (win) {
      win.focus();
      win.print();
      return;
    }
  } catch {
    // A frame of another origin: print the page instead.
  }
  window.print();
}

export function PrintableViewer({
  client,
  recordKey,
  form: initial,
  forms: options,
  onClose,
  onError,
}: PrintableViewerProps) {
  useFormsStyles();
  const [form, setForm] = useState<string>(initial);
  const pdf = usePrintablePdf(client, form, recordKey);
  const selectId = useId();
  const headingId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const label = options.find((o) => o.value === form)?.label ?? form;
  const ready = pdf.state.status === 'ready';
  const tell = (p: Promise<void>) => void p.catch((e: unknown) => onError?.(pdfErrorMessage(e)));

  return (
    <Dialog open maximized onClose={onClose} ariaLabel="Printable form" className="printable-viewer">
      <div className="printable-viewer__bar">
        <h2 id={headingId} className="printable-viewer__title">
          Printable form
        </h2>
        <label htmlFor={selectId} className="printable-viewer__label">
          Form type
        </label>
        <select
          id={selectId}
          className="printable-viewer__select"
          value={form}
          onChange={(e) => {
            if (options.some((o) => o.value === e.target.value)) setForm(e.target.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <ActionsMenu
        actions={[
          { label: 'Print', disabled: !ready, run: () => printPdf(frame.current) },
          { label: 'Open in new tab', disabled: !ready, run: () => tell(pdf.openInNewTab()) },
          { label: 'Download', disabled: !ready, run: () => tell(pdf.download()) },
          { label: 'Close', run: onClose },
        ]}
      />
      <div className="printable-viewer__doc" aria-busy={pdf.state.status === 'loading'}>
        {pdf.state.status === 'loading' && (
          <p className="printable-viewer__status" role="status">
            Loading…
          </p>
        )}
        {pdf.state.status === 'error' && (
          <div className="printable-viewer__status" role="alert">
            <p>{pdf.state.message}</p>
            <button type="button" className="btn" onClick={pdf.retry}>
              Try again
            </button>
          </div>
        )}
        {pdf.state.status === 'ready' && (
          <iframe
            ref={frame}
            key={pdf.state.url}
            className="printable-viewer__frame"
            title={label}
            src={pdf.state.url}
            data-form={form}
          />
        )}
      </div>
    </Dialog>
  );
}
