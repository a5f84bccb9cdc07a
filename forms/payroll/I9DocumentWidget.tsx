/**
 * Which document examined an I-9 document copy is a copy of (payroll/i9_document_copies
 * `document_id`): a choice among the documents on the chosen employee's I-9, Section 2's and each
 * Supplement B block's, by their titles, where the form had a box for the 36-character key the
 * server gives each document. The employee is the form's own `employee_id` (its behaviour shares the
 * form's data). Without the form's data or the data client (a story), the key as text.
 */
import { useEffect, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { epochToUs } from '../../engine/masks.ts';
import { useRootData } from '../behaviour/RootData.tsx';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { choiceEvents } from '../widgets/choice-events.ts';

interface Examined {
  id: string;
  label: string;
}

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The documents examined on an I-9, named as its screen names them. */
export function examinedDocuments(i9: Json): Examined[] {
  const out: Examined[] = [];
  for (const d of Array.isArray(i9.documentation) ? (i9.documentation as Json[]) : []) {
    if (typeof d?.id !== 'string') continue;
    const list = text(d.list);
    out.push({ id: d.id, label: `${text(d.title) ?? 'A document'}${list ? ` (List ${list})` : ''}, Section 2` });
  }
  for (const b of Array.isArray(i9.supplement_b) ? (i9.supplement_b as Json[]) : []) {
    if (typeof b?.id !== 'string') continue;
    const on = typeof b.rehire_date === 'number' ? ` of ${epochToUs(b.rehire_date)}` : '';
    out.push({ id: b.id, label: `${text(b.document_title) ?? 'A document'}, Supplement B${on}` });
  }
  return out;
}

type Choices =
  { status: 'none' } | { status: 'loading' } | { status: 'ready'; list: Examined[] } | { status: 'failed' };

export function I9DocumentWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, htmlName } = props;
  const client = useOptionalServices()?.client;
  const root = useRootData();
  const employee = typeof root?.data.employee_id === 'string' ? root.data.employee_id : undefined;
  const [choices, setChoices] = useState<Choices>({ status: 'none' });
  useEffect(() => {
    if (!client || !employee) {
      setChoices({ status: 'none' });
      return;
    }
    let live = true;
    setChoices({ status: 'loading' });
    client.read('payroll', 'i9', employee).then(
      (r) => live && setChoices({ status: 'ready', list: examinedDocuments(r.data) }),
      () => live && setChoices({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [client, employee]);
  const current = typeof value === 'string' ? value : '';
  const events = choiceEvents({ id, onChange, onBlur, onFocus });
  const common = {
    id,
    name: htmlName ?? id,
    required,
    disabled: disabled || readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
  };
  if (!client || !root) {
    return <input {...common} type="text" className="input" value={current} readOnly={readonly} {...events} />;
  }
  const list = choices.status === 'ready' ? choices.list : [];
  const first =
    choices.status === 'none'
      ? 'Choose the employee first'
      : choices.status === 'loading'
        ? 'Loading…'
        : choices.status === 'failed'
          ? 'This employee has no Form I-9 you may read'
          : list.length
            ? 'Choose…'
            : 'No documents examined on this employee’s Form I-9 yet';
  // A stored choice not among them (read before its I-9 loaded) still shows, by its key.
  const shown = current && !list.some((d) => d.id === current) ? [...list, { id: current, label: current }] : list;
  return (
    <select {...common} className="input" value={current} {...events}>
      <option value="">{first}</option>
      {shown.map((d) => (
        <option key={d.id} value={d.id}>
          {d.label}
        </option>
      ))}
    </select>
  );
}

/** The read-only view of the choice: the document's name on the employee's I-9, or its key while unknown. */
export function I9DocumentView({ value, record }: { value: unknown; record?: Readonly<Record<string, unknown>> }) {
  const client = useOptionalServices()?.client;
  const employee = typeof record?.employee_id === 'string' ? record.employee_id : undefined;
  const key = typeof value === 'string' ? value : undefined;
  const [label, setLabel] = useState<string>();
  useEffect(() => {
    if (!client || !employee || !key) return;
    let live = true;
    client.read('payroll', 'i9', employee).then(
      (r) => live && setLabel(examinedDocuments(r.data).find((d) => d.id === key)?.label),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, employee, key]);
  if (!key) return <span className="muted">—</span>;
  return <span>{label ?? key}</span>;
}
