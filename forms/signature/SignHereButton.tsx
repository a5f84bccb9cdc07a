/**
 * The dialog design of the signature panel: a button (default label "Sign Here") that opens the
 * Signature Form in a dialog; submitting closes it.
 */
import { useState } from 'react';
import { Dialog } from '../../renderers/dialogs/Dialog.tsx';
import type { SignatureFlow, SignatureMode, SignatureValue } from './signature-flow.ts';
import { SIGNATURE_FORM_TITLE, SignatureForm } from './SignatureForm.tsx';

export interface SignHereButtonProps {
  label?: string;
  mode?: SignatureMode;
  onSubmit(value: SignatureValue): void;
  disabled?: boolean;
  /** Opened from the start (stories and tests). */
  defaultOpen?: boolean;
  initialFlow?: SignatureFlow;
}

export function SignHereButton({
  label = 'Sign Here',
  mode = 'typed',
  onSubmit,
  disabled,
  defaultOpen = false,
  initialFlow,
}: SignHereButtonProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={SIGNATURE_FORM_TITLE} width={440}>
        <SignatureForm
          design="dialog"
          mode={mode}
          initialFlow={initialFlow}
          onCancel={() => setOpen(false)}
          onSubmit={(v) => {
            setOpen(false);
            onSubmit(v);
          }}
        />
      </Dialog>
    </>
  );
}
