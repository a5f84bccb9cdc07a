/**
 * The 'Show Printable I9' / 'Show Printable W4' button of the I-9, W-4 and state W-4 screens
 * (spec/001 section 2), drawn in the screen's header once the saved record holds a signature; it
 * opens the printable viewer on the screen's own form for the record's employee.
 */
import { useState } from 'react';
import type { ScreenContext } from '../screens/extension.ts';
import { PrintableViewer } from './PrintableViewer.tsx';
import { hasSignatures, initialForm, printableButtonLabel, type PrintableScreen } from './printable-forms.ts';

/** The Actions component of one screen type. */
export function printableActions(screen: PrintableScreen) {
  function PrintableActions(ctx: ScreenContext) {
    const [open, setOpen] = useState(false);
    const record = ctx.record;
    // The PDF prints what is stored, so only a saved, signed record offers it.
    if (ctx.isNew || !record || !hasSignatures(record.data)) return null;
    return (
      <>
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {printableButtonLabel(screen)}
        </button>
        {open && (
          <PrintableViewer
            client={ctx.client}
            recordKey={record.key}
            form={initialForm(screen, record.data)}
            onClose={() => setOpen(false)}
            onError={(message) => ctx.notify({ type: 'negative', message })}
          />
        )}
      </>
    );
  }
  PrintableActions.displayName = `PrintableActions(${screen})`;
  return PrintableActions;
}
