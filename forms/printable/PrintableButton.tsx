/**
 * The 'Show Printable I9' / 'Show Printable W4' button of the I-9, W-4 and state W-4 screens
 * (spec/001 section 2), drawn in the screen's header once the saved record holds a signature; it
 * opens the printable viewer on the screen's own form for the record's employee. A state with no
 * shipped form opens on the layout its state form definition keeps as data, when it has one.
 */
import { useState } from 'react';
import type { ScreenContext } from '../screens/extension.ts';
import { PrintableViewer } from './PrintableViewer.tsx';
import {
  dataFormOption,
  hasSignatures,
  initialForm,
  printableButtonLabel,
  stateFormOf,
  type FormOption,
  type PrintableScreen,
} from './printable-forms.ts';

/** The state's form kept as data, looked up as the viewer opens (none when the state ships one). */
async function dataForm(ctx: ScreenContext, state: unknown): Promise<FormOption | undefined> {
  if (typeof state !== 'string' || stateFormOf(state)) return undefined;
  const found = await ctx.client.find('payroll', 'state_w4_form', {
    criteria: [{ field: 'state', is: '=', value: state }],
    limit: 5,
  });
  return found.items.map((i) => dataFormOption(i.data)).find(Boolean);
}

/** The Actions component of one screen type. */
export function printableActions(screen: PrintableScreen) {
  function PrintableActions(ctx: ScreenContext) {
    const [open, setOpen] = useState<{ form: string; extra: FormOption[] }>();
    const record = ctx.record;
    // The PDF prints what is stored, so only a saved, signed record offers it.
    if (ctx.isNew || !record || !hasSignatures(record.data)) return null;
    const show = async () => {
      let extra: FormOption | undefined;
      if (screen === 'state_w4') {
        try {
          extra = await dataForm(ctx, record.data.state);
        } catch {
          // The definition could not be read: the shipped forms are still offered.
        }
      }
      setOpen({ form: extra?.value ?? initialForm(screen, record.data), extra: extra ? [extra] : [] });
    };
    return (
      <>
        <button type="button" className="btn" onClick={() => void show()}>
          {printableButtonLabel(screen)}
        </button>
        {open && (
          <PrintableViewer
            client={ctx.client}
            recordKey={record.key}
            form={open.form}
            extraForms={open.extra}
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
