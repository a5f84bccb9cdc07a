/**
 * Delete on the record screens, for callers the type's meta allows (`can.delete`): asks first,
 * then the controller deletes and goes back to the list, or says why it could not.
 */
import { useState } from 'react';
import { useDialogs } from '../../dialogs/Dialogs.tsx';
import { inSentence } from '../../format/title-case.ts';

export function DeleteRecordButton({ title, remove }: { title: string; remove(): Promise<boolean> }) {
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    const ok = await dialogs.confirm(`Delete this ${inSentence(title)}? This cannot be undone.`, {
      title: `Delete ${inSentence(title)}`,
      accept: 'Delete',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await remove();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void ask()}>
      {busy ? 'Deleting…' : 'Delete'}
    </button>
  );
}
