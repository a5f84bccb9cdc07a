/**
 * A hire's statuses by name and the employer's steps between them: the moves the server allows
 * (./hire-moves.ts) and the next step the pipeline offers (./onboarding.ts) read the same table.
 */

/** Who approves a hire and marks it complete. */
export const HIRE_APPROVERS = ['PAYROLL:CanManageUserPayrollData'] as const;

export const STATUS_NAMES: Readonly<Record<string, string>> = {
  created: 'Created',
  invited: 'Invited',
  started: 'Started',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  complete: 'Complete',
  error: 'Error',
  cancelled: 'Cancelled',
};

/**
 * The employer's steps, keyed by the status each moves to: from, the step's name, what it needs
 * (the employer's parts signed; one who manages payroll data), and what the hire's history says.
 */
export const EMPLOYER_STEPS: Readonly<
  Record<string, { from: string; step: string; employer: boolean; approver: boolean; done: string }>
> = {
  pending_approval: {
    from: 'started',
    step: 'Send for approval',
    employer: false,
    approver: false,
    done: 'Sent for approval.',
  },
  approved: { from: 'pending_approval', step: 'Approve', employer: false, approver: true, done: 'Approved.' },
  complete: { from: 'approved', step: 'Mark complete', employer: true, approver: true, done: 'Marked complete.' },
};

/** What the employer does next with a hire: a step they may take now (`to`), or what is waited for. */
export interface NextStep {
  label: string;
  to?: string;
  /** What is said once the step is taken. */
  done?: string;
}

/**
 * The employer's next step with a hire, once nothing of the hire's own is in the way: the pipeline
 * lists the forms still missing, and this says what follows them (none while the hire has forms to
 * do, or for a hire closed).
 */
export function nextStep(
  status: string,
  state: { account: boolean; employeeMissing: number; employerMissing: number; approver: boolean },
): NextStep | undefined {
  if (status === 'error') {
    return { label: 'The invitation could not be sent: check the e-mail address, then resend the invitation.' };
  }
  if (status === 'created' && !state.account) return { label: 'No invitation sent yet: resend the invitation.' };
  if (!state.account || state.employeeMissing) return undefined;
  const entry = Object.entries(EMPLOYER_STEPS).find(([, s]) => s.from === status);
  if (!entry) return undefined;
  const [to, step] = entry;
  if (step.employer && state.employerMissing) return undefined;
  if (step.approver && !state.approver) return { label: `Waiting for payroll to ${step.step.toLowerCase()}.` };
  return { label: step.step, to, done: step.done };
}
