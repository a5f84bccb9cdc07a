/**
 * Read-only views of forms whose screen is drawn from data, by the root "ui:field" of their x-ui
 * (the generic view would show the entity's generic fields instead). Add one by adding an entry.
 */
import type { ComponentType } from 'react';
import type { FieldViewProps, RecordViewProps } from '../renderers/contract/forms-registry.ts';
import { MailingAddressView } from './payroll/MailingAddressField.tsx';
import { DirectDepositView } from './payroll/DirectDepositView.tsx';
import { StateW4View } from './payroll/StateW4View.tsx';
import { cellViews } from './cell-views.ts';
import { I9DocumentView } from './payroll/I9DocumentWidget.tsx';
import { OrganizationNameView } from './widgets/OrganizationNameWidget.tsx';

export const recordViews: Readonly<Record<string, ComponentType<RecordViewProps>>> = {
  stateW4Form: StateW4View,
};

/**
 * Read-only views of top-level fields by their "ui:field" or "ui:widget", where the generic details
 * would show internals (an account's id, another record's key).
 */
export const fieldViews: Readonly<Record<string, ComponentType<FieldViewProps>>> = {
  ...cellViews,
  directDeposit: DirectDepositView,
  mailingAddress: MailingAddressView,
  i9Document: I9DocumentView,
  organizationName: OrganizationNameView,
};
