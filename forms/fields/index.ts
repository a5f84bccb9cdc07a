/**
 * The field registry: the names a schema's x-ui uses ("ui:field": "signature") to rjsf fields, for
 * values a single widget cannot edit (objects, lists, fields that read a sibling). Add a field by
 * adding an entry; override one by spreading over this map.
 */
import type { RegistryFieldsType } from '@rjsf/utils';
import { FormBehaviourField } from '../behaviour/FormBehaviourField.tsx';
import { DirectDepositField } from '../payroll/DirectDepositField.tsx';
import { I9DocumentsField } from '../payroll/I9DocumentsField.tsx';
import { MailingAddressField } from '../payroll/MailingAddressField.tsx';
import { SignatureField } from '../signature/SignatureField.tsx';
import { FileField } from '../files/FileField.tsx';
import { StateW4FormField } from '../payroll/StateW4FormField.tsx';
import { BoundedArrayField } from './BoundedArrayField.tsx';
import { JsonObjectField } from './JsonObjectField.tsx';
import { JsonSchemaEditorField } from './JsonSchemaEditorField.tsx';
import { SharedArrayField } from './SharedArrayField.tsx';

export const fields: RegistryFieldsType = {
  formBehaviour: FormBehaviourField,
  signature: SignatureField,
  // A file field (x-file): upload, progress, cancel, preview, download, remove.
  file: FileField,
  i9Documents: I9DocumentsField,
  mailingAddress: MailingAddressField,
  directDeposit: DirectDepositField,
  boundedList: BoundedArrayField,
  stateW4Form: StateW4FormField,
  jsonSchemaEditor: JsonSchemaEditorField,
  jsonObject: JsonObjectField,
  // rjsf's own array field, its items re-rendered only when their own data or errors change.
  ArrayField: SharedArrayField,
};
