/**
 * The 'Show Printable I9' / 'Show Printable W4' button of the I-9, W-4 and state W-4 screens
 * (spec/001 section 2), drawn in the screen's header once the saved record holds a signature. It
 * asks the server which forms exist for the record's employee (their I-9, W-4 and the form of each
 * certificate's state, shipped or kept as data) and opens the viewer on the screen's own form,
 * offering only those.
 */
import { useState } from 'react';
import type { ScreenContext } from '../../renderers/contract/forms-registry.ts';
import { PrintableViewer } from './PrintableViewer.tsx';
import { pdfErrorMessage } from './usePrintablePdf.ts';
import {
  formOption,
  hasSignatures,
  noPrintableForm,
  initialForm,
  printableButtonLabel,
  type FormOption,
  type PrintableScreen,
} from './printable-forms.ts';

/** The Actions component of one screen type. */
export function printableActions(screen: PrintableScreen) {
  function PrintableActions(ctx: ScreenContext) {
    const [open, setOpen] = useState<{ form: string; forms: FormOption[] }>();
    const record = ctx.record;
    // The PDF prints what is stored, so only a saved, signed record offers it.
    if (ctx.isNew || !record || !hasSignatures(record.data)) return null;
    // Forms print by their employee's user key: a state certificate's own key is not it (one is kept
    // per employee and state), its _user_uuid is.
    const employeeKey = typeof record.data._user_uuid === 'string' ? record.data._user_uuid : record.key;
    const show = async () => {
      try {
        const { forms } = await ctx.client.printableForms(employeeKey);
        const form = initialForm(screen, forms, record.data.state);
        // A signed state certificate without its form among the printable ones: the state has no
        // printable layout yet (a state added as data before its layout), not a form left blank.
        if (!form) ctx.notify({ type: 'negative', message: noPrintableForm(screen, record.data.state) });
        else setOpen({ form, forms: forms.map(formOption) });
      } catch (e) {
        ctx.notify({ type: 'negative', message: pdfErrorMessage(e) });
      }
    };
    return (
      <>
        <button type="button" className="btn" onClick={() => void show()}>
          {printableButtonLabel(screen)}
        </button>
        {open && (
          <PrintableViewer
            client={ctx.client}
            recordKey={employeeKey}
            form={open.form}
            forms={open.forms}
            onClose={() => setOpen(undefined)}
            onError={(message) => ctx.notify({ type: 'negative', message })}
          />
        )}
      </>
    );
  }
  PrintableActions.displayName = `PrintableActions(${screen})`;
  return PrintableActions;
}
