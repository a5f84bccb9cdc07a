/**
 * The state withholding certificate's form ("ui:field": "stateW4Form" on payroll/state_w4), drawn
 * from the state's form definition kept as data: Emma, who lives and works in Illinois, on her own
 * certificate screen, the IL-W-4 definition of server/seed/state-forms read from the fixture back end.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import illinois from '../../server/seed/state-forms/illinois.json';
import stateW4File from '../../schemas/payroll/state_w4.json';
import stateW4FormFile from '../../schemas/payroll/state_w4_form.json';
import type { JsonObject, WireRecord } from '../../renderers/api/types.ts';
import { acmeBackend, EMMA_KEY } from '../fixtures/backend.ts';
import { ALL, basicInfoMeta, employeeMeta, metaOf } from '../fixtures/metas.ts';
import { emmaBasicInfo, employees } from '../fixtures/people.ts';
import { employeeSession, payrollCatalogue, payrollSession } from '../fixtures/session.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';
import { showsTheError } from '../support/states.ts';

const emma = employees().find((r) => r.key === EMMA_KEY)!;
const when = emmaBasicInfo().meta;
const definition: WireRecord = {
  key: '00000000-0000-4000-8000-00000000a11e',
  data: illinois as JsonObject,
  meta: when,
};

const held = (certificate: JsonObject): WireRecord => ({
  key: EMMA_KEY,
  data: { state: 'IL', _user_uuid: EMMA_KEY, ...certificate },
  meta: when,
});

function backend(certificate?: JsonObject, can = ALL, manager = false) {
  const own = { ...metaOf(stateW4File as JsonObject, 'payroll', 'my_state_w4', can), my: true };
  return acmeBackend({
    session: manager ? payrollSession() : employeeSession(),
    catalogue: [
      ...payrollCatalogue,
      { module: 'payroll', type: 'my_state_w4', title: own.title, plural: own.plural, can },
    ],
    metas: {
      'payroll/my_state_w4': own,
      'payroll/state_w4': metaOf(stateW4File as JsonObject, 'payroll', 'state_w4', can),
      'payroll/my_employee': { ...employeeMeta(), type: 'my_employee', my: true },
      'payroll/my_basic_info': { ...basicInfoMeta(), type: 'my_basic_info', my: true },
      'payroll/state_w4_form': metaOf(stateW4FormFile as JsonObject, 'payroll', 'state_w4_form'),
    },
    records: {
      'payroll/my_employee': [{ ...emma, data: { ...emma.data, work_state: 'IL' } }],
      'payroll/my_basic_info': [emmaBasicInfo()],
      'payroll/state_w4_form': [definition],
      'payroll/my_state_w4': certificate ? [held(certificate)] : [],
      'payroll/state_w4': certificate ? [held(certificate)] : [],
      'payroll/employee': [{ ...emma, data: { ...emma.data, work_state: 'IL' } }],
      'payroll/basic_info': [emmaBasicInfo()],
    },
  });
}

const meta = {
  title: 'Forms/State forms/StateW4FormField',
  component: FixtureApp,
  args: { backend: backend(), path: `/payroll/my_state_w4/edit/${EMMA_KEY}` },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not filled in yet: the IL-W-4's own fields, empty. */
export const Empty: Story = {
  parameters: { check: { role: 'heading', name: illinois.form_name } },
};

/** Her answers, as saved. */
export const Filled: Story = {
  args: { backend: backend({ basic_allowances: 1, additional_allowances: 2 }) },
  parameters: { check: { label: '2 Additional allowances (Step 2)', value: '2' } },
};

/** The definition's validator speaks as she saves: the exempt box with allowances is refused at the box. */
async function save({ canvasElement }: { canvasElement: HTMLElement }) {
  const button = await within(canvasElement).findByRole('button', { name: 'Save' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

const EXEMPT_WITH_ALLOWANCES = 'When you check the exempt box, do not complete lines 1 through 3.';

export const Invalid: Story = {
  args: { backend: backend({ state_wh_exempt: true, basic_allowances: 1 }) },
  play: save,
  parameters: { check: { text: EXEMPT_WITH_ALLOWANCES } },
};

/** The error story: saved so, the message at the exempt box (rjsf's checkbox), the box marked invalid. */
export const WithError: Story = {
  ...Invalid,
  play: showsTheError(EXEMPT_WITH_ALLOWANCES, save),
};

/** The payroll manager's view of her certificate: her answers, read-only (only she answers them). */
export const ReadOnlyForPayroll: Story = {
  args: {
    backend: backend({ basic_allowances: 1, additional_allowances: 2 }, ALL, true),
    path: `/payroll/state_w4/edit/${EMMA_KEY}`,
  },
  play: async ({ canvasElement }) => {
    const box = (await within(canvasElement).findByLabelText('2 Additional allowances (Step 2)')) as HTMLInputElement;
    await waitFor(() => expect(box.readOnly || box.disabled).toBe(true));
  },
  parameters: { check: { label: '2 Additional allowances (Step 2)', value: '2' } },
};
