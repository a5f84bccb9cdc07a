/**
 * The signature field of a form ("ui:field": "signature"): the signature item, which opens the
 * signature card in a dialog unless the field is read-only. ui:options: `mode` "typed" (default) or
 * "drawn" (signature_pad, stored as `image`); `design` "item" (default), "card" (the card inline
 * until signed) or "button" (a Sign Here button until signed); `label` of the unsigned item;
 * `buttonLabel`.
 */
import { useState } from 'react';
import { errorId, getUiOptions, type FieldProps } from '@rjsf/utils';
import { Dialog } from '../../renderers/dialogs/Dialog.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { useRootData } from '../behaviour/RootData.tsx';
import { notAttested, type Attests } from '../../engine/attestations.ts';
import type { JsonSchema } from '../../engine/entity.ts';
import {
  anotherUsersItem,
  attestedChanges,
  historyName,
  isSigned,
  sameData,
  voidedSignature,
  type SignatureMode,
  type SignatureValue,
} from './signature-flow.ts';
import { SIGNATURE_FORM_TITLE, SignatureForm } from './SignatureForm.tsx';
import { SignatureItemContent } from './SignatureItem.tsx';
import { SignHereButton } from './SignHereButton.tsx';
import { AttestedFacts } from './AttestedFacts.tsx';

type Design = 'item' | 'card' | 'button';

export const VOIDS_ON_SAVE =
  'You changed what this signature attests: saving voids it, and the form must be signed again.';

/**
 * Whether saving the form as it is voids this (top-level) signature, as the server will: the
 * signature is the stored one, not signed again, and a field it attests changed from the stored
 * record (formContext.stored). Said before the Save, not found out after it.
 */
function willVoid(props: FieldProps, root: Readonly<Record<string, unknown>> | undefined): boolean {
  const { fieldPathId, registry, formData } = props;
  const stored = (registry.formContext as { stored?: Readonly<Record<string, unknown>> } | undefined)?.stored;
  const [field, ...rest] = fieldPathId.path;
  if (!stored || rest.length || typeof field !== 'string') return false;
  if (!sameData(stored[field], formData)) return false;
  const rootProps = (registry.rootSchema.properties ?? {}) as Record<string, JsonSchema>;
  const resolve = (p: JsonSchema) => registry.schemaUtils.retrieveSchema(p as never) as JsonSchema;
  const own = rootProps[field];
  const attests = (own?.['x-attests'] ?? (own ? resolve(own)['x-attests'] : undefined)) as Attests | undefined;
  if (!attests) return false;
  const excluded = notAttested(rootProps, resolve);
  // '*' is every field the record holds, as the server counts it: the schema's and the free fields a
  // state certificate's definition adds beside them, which only the form's data names. (A stored
  // field the form does not hold, such as one the viewer may not see, is kept as stored on save.)
  const held = new Set([...Object.keys(rootProps), ...Object.keys(root ?? {})]);
  const fields = attests.fields === '*' ? [...held].filter((f) => !excluded.has(f)) : attests.fields;
  return attestedChanges(stored, root, fields).length > 0;
}

export function SignatureField(props: FieldProps) {
  useFormsStyles();
  const {
    formData,
    onChange,
    fieldPathId,
    schema,
    uiSchema,
    readonly,
    disabled,
    required,
    name,
    rawErrors,
    registry,
    onBlur,
  } = props;
  // The field's own messages (a required signature: 'The employee must sign Section 1.'): @rjsf
  // lists them under the field, as every field's, in the element the control is described by.
  const invalid = (rawErrors ?? []).some(Boolean);
  const [open, setOpen] = useState(false);
  const opts = getUiOptions(uiSchema);
  const mode: SignatureMode = opts.mode === 'drawn' ? 'drawn' : 'typed';
  const design: Design = opts.design === 'card' || opts.design === 'button' ? opts.design : 'item';
  const label = typeof opts.label === 'string' ? opts.label : 'Signature Required';
  const title = (typeof opts.title === 'string' ? opts.title : undefined) ?? schema.title ?? name;
  // What signing attests (the official form's certification, the schema's description): read before signing.
  const attests = typeof schema.description === 'string' ? schema.description : undefined;
  const root = useRootData()?.data;
  // The other records' fields the printed form carries with the owner's own signature, shown to them.
  const own = (registry.formContext as { own?: boolean } | undefined)?.own === true;
  const prints = own
    ? (schema as { 'x-attests'?: { prints?: Record<string, string[]> } })['x-attests']?.prints
    : undefined;
  // An entry only the user it names signs (an assignment's acknowledgement) is read-only to HR.
  // (The form's data where a form behaviour gives it, else the record as stored: entries are neither
  // added nor moved on the screen.)
  const ctx = registry.formContext as { viewer?: string; stored?: Record<string, unknown> } | undefined;
  const othersToSign = anotherUsersItem(fieldPathId.path, root ?? ctx?.stored, registry.rootSchema, ctx?.viewer);
  const locked = !!(readonly || disabled || othersToSign);
  const signed = isSigned(formData);
  // A signature a later change voided stays visible as void until the form is signed again.
  const voided = voidedSignature(
    root?.signature_history,
    historyName(fieldPathId.path, root, registry.rootSchema) ?? name,
    formData,
  );
  const voids = signed && willVoid(props, root);
  const save = (v: SignatureValue) => {
    setOpen(false);
    onChange(v, fieldPathId.path);
    // Signing ends the work on this field as leaving a field does: the form checks it again (after
    // the change, which @rjsf queues first), so "must sign" goes away without another click.
    onBlur(fieldPathId.$id, v);
  };

  let control;
  if (!signed && !locked && design === 'card') control = <SignatureForm design="card" mode={mode} onSubmit={save} />;
  else if (!signed && !locked && design === 'button')
    control = (
      <SignHereButton
        mode={mode}
        label={typeof opts.buttonLabel === 'string' ? opts.buttonLabel : undefined}
        onSubmit={save}
      />
    );
  else if (locked)
    control = (
      <div id={fieldPathId.$id} className="signature-item signature-item--readonly">
        <SignatureItemContent value={formData} label={label} />
      </div>
    );
  else
    control = (
      <button
        id={fieldPathId.$id}
        type="button"
        className={`signature-item${signed ? ' signature-item--signed' : ''}`}
        aria-haspopup="dialog"
        aria-invalid={invalid || undefined}
        aria-describedby={
          [attests && `${fieldPathId.$id}__attests`, invalid && errorId(fieldPathId)].filter(Boolean).join(' ') ||
          undefined
        }
        onClick={() => setOpen(true)}
      >
        <SignatureItemContent value={formData} label={label} />
      </button>
    );

  return (
    <div className="signature-field">
      {title && (
        <span className="signature-field__title">
          {title}
          {required && <span className="required"> *</span>}
        </span>
      )}
      {attests && (
        <p className="signature-field__attests" id={`${fieldPathId.$id}__attests`}>
          {attests}
        </p>
      )}
      {prints && !locked && <AttestedFacts prints={prints} />}
      {voided && (
        <p className="signature-field__void" role="status">
          <s>{voided.name}</s> — void: {voided.reason}. Sign again.
        </p>
      )}
      {voids && (
        <p className="signature-field__void" role="status">
          {VOIDS_ON_SAVE}
        </p>
      )}
      {control}
      <Dialog open={open && !locked} onClose={() => setOpen(false)} ariaLabel={SIGNATURE_FORM_TITLE}>
        <SignatureForm design="card" mode={mode} onSubmit={save} onCancel={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}
