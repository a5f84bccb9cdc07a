/**
 * `renderForm(form, input)`: a printable form as PDF bytes, from its layout and the records read.
 * The entry point for the server route, the tests and the bench.
 */
import { docDefinition } from './docdef.ts';
import type { FormName, Layout, PrintInput } from './layout.ts';
import { loadLayout, sharedVars } from './layouts.ts';
import { pdfBuffer } from './pdf.ts';
import { payStatementDoc, type PayStatementInput } from './pay-statement.ts';
import type { PrintedValue } from './ops.ts';
import { resolveLayout } from './resolve.ts';

export interface RenderResult {
  pdf: Buffer;
  pages: number;
  /** Sensitive kinds printed on the form (an SSN): the caller audits the reveal. */
  revealed: 'ssn'[];
  printed: PrintedValue[];
}

/** Renders a layout (loaded by name, or given) over the records. */
export async function renderLayout(layout: Layout, given: PrintInput): Promise<RenderResult> {
  // A state form prints only the answers given for its own state.
  const input = layout.state && given.state_w4?.state !== layout.state ? { ...given, state_w4: undefined } : given;
  const meta = { title: layout.title, subject: layout.edition ? `${layout.title} (${layout.edition})` : layout.title };
  let r = await resolveLayout(layout, input, sharedVars());
  let pdf: Buffer;
  try {
    pdf = await pdfBuffer(docDefinition(r, meta));
  } catch (e) {
    // A drawn signature that passed the PNG checks but does not decode: print the typed names instead.
    if (!r.ops.some((op) => op.kind === 'image')) throw e;
    r = await resolveLayout(layout, input, sharedVars(), { images: false });
    pdf = await pdfBuffer(docDefinition(r, meta));
  }
  return { pdf, pages: r.pageCount, revealed: [...r.revealed], printed: r.printed };
}

export function renderForm(form: FormName, input: PrintInput): Promise<RenderResult> {
  return renderLayout(loadLayout(form), input);
}

/** A pay statement (payroll/paystubs) as PDF bytes: nothing sensitive is printed, nothing revealed. */
export async function renderPayStatement(input: PayStatementInput): Promise<RenderResult> {
  let pages = 0;
  const pdf = await pdfBuffer(payStatementDoc(input, (count) => (pages = count)));
  return { pdf, pages, revealed: [], printed: [] };
}
