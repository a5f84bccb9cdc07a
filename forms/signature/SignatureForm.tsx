/**
 * The signature panel (spec/001 section 2) in its two designs: an inline card titled "Signature
 * Form" 400px wide ("card"), or the body of the Sign Here dialog ("dialog"). Typed mode shows the
 * Full Name input, the font toggle and the live preview; drawn mode shows the name and a drawing pad.
 */
import { useEffect, useId, useRef } from 'react';
import { useFormsStyles } from '../styles/load-styles.ts';
import { AgreementDialog } from './AgreementDialog.tsx';
import { READ_AGREEMENT_PROMPT } from './agreement.ts';
import { DrawnSignaturePad } from './DrawnSignaturePad.tsx';
import { FontToggle } from './FontToggle.tsx';
import type { SignatureDesign } from './signature-fonts.ts';
import type { SignatureFlow, SignatureMode, SignatureValue } from './signature-flow.ts';
import { SignaturePreview } from './SignaturePreview.tsx';
import { useSignatureController } from './useSignatureController.ts';

export const SIGNATURE_FORM_TITLE = 'Signature Form';

export interface SignatureFormProps {
  design: SignatureDesign;
  mode?: SignatureMode;
  onSubmit(value: SignatureValue): void;
  /** Shows a Cancel button next to Submit. */
  onCancel?(): void;
  /** The step to start at (stories and tests). */
  initialFlow?: SignatureFlow;
}

export function SignatureForm({ design, mode = 'typed', onSubmit, onCancel, initialFlow }: SignatureFormProps) {
  useFormsStyles();
  const c = useSignatureController(mode, onSubmit, initialFlow);
  const titleId = useId();
  const nameId = useId();
  const { state } = c;
  const nameRef = useRef<HTMLInputElement>(null);
  // Once the agreement is accepted its dialog closes: the name is what to give next, not the page
  // behind the dialog (where the browser would leave the focus).
  const agreed = state.step !== 'consent';
  const wasAgreed = useRef(agreed);
  useEffect(() => {
    if (agreed && !wasAgreed.current) nameRef.current?.focus();
    wasAgreed.current = agreed;
  }, [agreed]);

  const body = (
    <div className="signature-form__body">
      {state.step === 'consent' ? (
        <>
          <p className="signature-form__prompt">{READ_AGREEMENT_PROMPT}</p>
          <div className="signature-form__actions">
            <button type="button" className="btn btn--primary" aria-haspopup="dialog" onClick={c.readAgreement}>
              Read Agreement
            </button>
            {onCancel && (
              <button type="button" className="btn" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
          <AgreementDialog
            open={state.reading}
            organizationName={c.organizationName}
            mode={mode}
            onAgree={c.agree}
            onClose={c.closeAgreement}
          />
        </>
      ) : (
        // Not a <form>: the panel usually sits inside the record's form, and forms do not nest.
        <div className="signature-form__fields">
          <label className="signature-form__label" htmlFor={nameId}>
            Full Name
          </label>
          <input
            id={nameId}
            className="input"
            type="text"
            autoComplete="name"
            ref={nameRef}
            maxLength={128}
            value={state.name}
            onChange={(e) => c.setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              c.submit();
            }}
          />
          {mode === 'typed' ? (
            <>
              <FontToggle value={state.font} onChange={c.setFont} />
              <SignaturePreview name={state.name} font={state.font} design={design} />
            </>
          ) : (
            <DrawnSignaturePad value={state.image} onChange={c.setImage} />
          )}
          <div className="signature-form__actions">
            <button type="button" className="btn btn--primary" disabled={!c.canSubmit} onClick={c.submit}>
              Submit
            </button>
            {onCancel && (
              <button type="button" className="btn" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );

  if (design === 'dialog') return body;
  return (
    <section className="signature-card" aria-labelledby={titleId} style={{ width: 400, maxWidth: '100%' }}>
      <h3 id={titleId} className="signature-card__title">
        {SIGNATURE_FORM_TITLE}
      </h3>
      {body}
    </section>
  );
}
