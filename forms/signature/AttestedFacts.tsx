/**
 * What a signature states besides the form's own answers, shown to the person about to sign: the
 * fields of their other records the printed form carries with it (the signature's x-attests
 * `prints`: an I-9's name, address, date of birth, SSN, e-mail and phone; a W-4's name, SSN and
 * address), read from those records as they stand, with each field's own title. They were only on
 * the printout, so a person signed "that this information is true" without seeing it. Shown on the
 * person's own record, where the values are theirs to read; the SSN as the server masks it.
 */
import { useEffect, useState } from 'react';
import { useOptionalServices } from '../env.tsx';
import { formatPhone, isoToUs } from '../../engine/masks.ts';

type Prints = Readonly<Record<string, readonly string[]>>;
interface Fact {
  label: string;
  text: string;
}

const NAME_PARTS = new Set(['first_name', 'middle_name', 'last_name']);

/** A value as a person reads it: an address on one line, a date as MM/DD/YYYY, a phone formatted. */
function shown(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const a = value as Record<string, unknown>;
    const line = (xs: unknown[]) => xs.filter((x) => typeof x === 'string' && x.trim()).join(', ');
    return line([a.address1, a.address2, a.city, [a.state, a.postal_code].filter(Boolean).join(' ')]);
  }
  if (typeof value !== 'string') return String(value);
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return isoToUs(value);
  if (/phone/.test(field)) return formatPhone(value);
  return value;
}

export function AttestedFacts({ prints }: { prints: Prints }) {
  const services = useOptionalServices();
  const client = services?.client;
  const me = services?.auth.session?.user.key;
  const [facts, setFacts] = useState<Fact[]>();
  const wanted = JSON.stringify(prints);
  useEffect(() => {
    if (!client || !me) return;
    let live = true;
    const read = async (): Promise<Fact[]> => {
      const out: Fact[] = [];
      for (const [type, fields] of Object.entries(JSON.parse(wanted) as Prints)) {
        const [record, meta] = await Promise.all([
          client.read('payroll', `my_${type}`, me).catch(() => undefined),
          client.meta('payroll', `my_${type}`).catch(() => undefined),
        ]);
        if (!record) continue;
        const props = (meta?.schema.properties ?? {}) as Record<string, { title?: string }>;
        const name = fields.filter((f) => NAME_PARTS.has(f)).map((f) => shown(f, record.data[f]));
        if (name.some(Boolean)) out.push({ label: 'Name', text: name.filter(Boolean).join(' ') });
        for (const f of fields.filter((x) => !NAME_PARTS.has(x))) {
          const text = shown(f, record.data[f]);
          if (text) out.push({ label: props[f]?.title ?? f, text });
        }
      }
      return out;
    };
    read().then(
      (f) => live && setFacts(f),
      (e: unknown) => console.warn('forms: the facts a signature states were not read', e),
    );
    return () => {
      live = false;
    };
  }, [client, me, wanted]);
  if (!facts?.length) return null;
  return (
    <div className="signature-field__facts">
      <p>Your signature also states, from your records (change them there before you sign):</p>
      <dl>
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
