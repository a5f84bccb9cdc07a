/**
 * The agreement dialog of the signature panel: its title, the agreement with the organization's name
 * in a 400px scroll area, the prompt to agree and the "I agree" and "Cancel" buttons.
 */
import { Dialog } from '../../renderers/dialogs/Dialog.tsx';
import { AGREE_PROMPT, AGREEMENT_TITLE, agreementSections } from './agreement.ts';
import type { SignatureMode } from './signature-flow.ts';

export interface AgreementDialogProps {
  open: boolean;
  organizationName: string;
  /** How the panel signs: the agreement says so. */
  mode?: SignatureMode;
  onAgree(): void;
  onClose(): void;
}

export function AgreementDialog({ open, organizationName, mode = 'typed', onAgree, onClose }: AgreementDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={AGREEMENT_TITLE} width={560}>
      <div className="agreement__text" tabIndex={0} style={{ height: 400, overflowY: 'auto' }}>
        {agreementSections(organizationName, mode).map((s, i) => (
          <section key={i} className="agreement__section">
            {s.heading && <h3 className="agreement__heading">{s.heading}</h3>}
            <p>{s.text}</p>
            {s.items && (
              <ul>
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <p className="signature-form__prompt" role="status">
        {AGREE_PROMPT}
      </p>
      <div className="dform-dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onAgree}>
          I agree
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
