/**
 * The agreement the signer accepts before signing electronically (spec/001 section 2, signature
 * panel): consent to electronic records and signatures for Form I-9, Form W-4, other employment
 * documents and their updates; the signature is legally binding; what the signer needs; paper copies
 * at no cost; withdrawing consent. The organization's name is inserted where it appears.
 */
export const AGREEMENT_TITLE = 'Agreement for Electronic Forms and Signature';
export const READ_AGREEMENT_PROMPT = 'Click "Read Agreement" to continue';
export const AGREE_PROMPT = 'Click "I agree" below to continue';

export interface AgreementSection {
  heading?: string;
  text: string;
  /** A bulleted list after the text. */
  items?: string[];
}

/** How the signer signs: typing their name in a chosen style, or drawing it (signature-flow.ts). */
const HOW_YOU_SIGN = {
  typed: 'Typing your name, choosing how it looks and clicking "Submit"',
  drawn: 'Drawing your signature and clicking "Submit"',
} as const;

export function agreementSections(
  organizationName: string,
  mode: keyof typeof HOW_YOU_SIGN = 'typed',
): AgreementSection[] {
  const org = organizationName.trim() || 'your employer';
  return [
    {
      text: `${org} provides your employment forms electronically and asks you to sign them electronically. Please read this agreement before you continue.`,
    },
    {
      heading: 'Consent to electronic records and signatures',
      text: `By clicking "I agree" you consent to receive, review, complete and sign electronically Form I-9 (Employment Eligibility Verification), Form W-4 (Employee's Withholding Certificate), other employment documents that ${org} gives you, and any updates or corrections to these documents.`,
    },
    {
      heading: 'Your electronic signature is legally binding',
      text: `${HOW_YOU_SIGN[mode]} is your electronic signature. It is legally binding and has the same effect as signing the document by hand on paper.`,
    },
    {
      heading: 'What you need',
      text: 'To receive, read and keep these documents you need:',
      items: [
        'a computer, phone or tablet that can connect to the internet;',
        'an e-mail address;',
        'a current web browser;',
        'software that reads PDF files.',
      ],
    },
    {
      heading: 'Paper copies',
      text: `You have the right to receive a paper copy of any of these documents at no cost to you. To ask for one, contact ${org}.`,
    },
    {
      heading: 'Withdrawing your consent',
      text: `You may withdraw your consent to electronic records and signatures at any time by telling ${org}. Withdrawing takes effect after a reasonable time to process your request; documents you signed electronically before then stay valid.`,
    },
  ];
}
