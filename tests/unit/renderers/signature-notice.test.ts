/**
 * The notices a save of a signed form may need beside "Saved.": a change that voided a signature,
 * and one's own onboarding form saved without the signature that finishes its step (the W-4's
 * "Save and continue" on an unsigned form said only "Saved.").
 */
import { describe, expect, it } from 'vitest';
import { leftUnsigned, voidedBySave } from '../../../renderers/screens/record/signature-notice.ts';

const W4 = {
  'x-onboarding': { step: 50, task: 'Federal tax withholding (Form W-4)', signature: 'employee_signature' },
};
const SIGNED = { name: 'Emma Employee', font: 'font1', timestamp: 1741000000 };

describe('leftUnsigned', () => {
  it("tells one's own step form saved without its signature", () => {
    expect(leftUnsigned(W4, true, { filing_status: 'Single' })).toBe(true);
    expect(leftUnsigned(W4, true, { employee_signature: { name: '   ' } })).toBe(true);
  });
  it('is quiet once signed, on a form that is not a signed step, and on someone else’s record', () => {
    expect(leftUnsigned(W4, true, { employee_signature: SIGNED })).toBe(false);
    expect(leftUnsigned({ 'x-onboarding': { step: 10, task: 'Personal details' } }, true, {})).toBe(false);
    expect(leftUnsigned({}, true, {})).toBe(false);
    expect(leftUnsigned(W4, false, {})).toBe(false);
  });
});

describe('voidedBySave', () => {
  it('tells a signature sent and not kept', () => {
    expect(voidedBySave({ employee_signature: SIGNED }, {})).toBe(true);
    expect(voidedBySave({ employee_signature: SIGNED }, { employee_signature: SIGNED })).toBe(false);
    expect(voidedBySave({}, {})).toBe(false);
  });
});
