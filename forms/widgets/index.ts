/**
 * The widget registry: the names a schema's x-ui uses ("ui:widget": "phone") to components. Add a
 * widget by adding an entry; override one by spreading over this map.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { DobWidget } from './DobWidget.tsx';
import { EpochDateWidget } from './EpochDateWidget.tsx';
import { HexColorWidget } from './HexColorWidget.tsx';
import { IdNumberWidget } from './IdNumberWidget.tsx';
import { PermissionsWidget } from './PermissionsWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { SsnWidget } from './SsnWidget.tsx';
import { UserSelectWidget } from './UserSelectWidget.tsx';
import { WholeNumberWidget } from './WholeNumberWidget.tsx';
import { WebsiteWidget } from './WebsiteWidget.tsx';
import { PaymentMethodWidget } from '../payroll/PaymentMethodWidget.tsx';
import { RecordSelectWidget } from './RecordSelectWidget.tsx';
import { GroupSelectWidget } from './GroupSelectWidget.tsx';
import { RadioWidget } from './RadioWidget.tsx';
import { I9DocumentWidget } from '../payroll/I9DocumentWidget.tsx';
import { OrganizationNameWidget } from './OrganizationNameWidget.tsx';
import { CheckboxesWidget, CheckboxWidget, SelectWidget, TextareaWidget } from './marked.tsx';

export const widgets: RegistryWidgetsType = {
  phone: PhoneWidget,
  ssn: SsnWidget,
  idNumber: IdNumberWidget,
  dob: DobWidget,
  epochDate: EpochDateWidget,
  userSelect: UserSelectWidget,
  wholeNumber: WholeNumberWidget,
  paymentMethod: PaymentMethodWidget,
  switch: SwitchWidget,
  hexColor: HexColorWidget,
  website: WebsiteWidget,
  permissions: PermissionsWidget,
  recordSelect: RecordSelectWidget,
  groupSelect: GroupSelectWidget,
  i9Document: I9DocumentWidget,
  organizationName: OrganizationNameWidget,
  // Overrides the generic radio group: this one is named by its field.
  RadioWidget,
  // Override rjsf's own: the same widgets, their controls marked aria-invalid while refused.
  CheckboxWidget,
  SelectWidget,
  TextareaWidget,
  CheckboxesWidget,
};
