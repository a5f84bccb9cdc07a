/**
 * Promise-based confirm and prompt dialogs for screens and their extensions
 * (`await dialogs.confirm('Are you sure?')`), drawn with the accessible Dialog (./Dialog.tsx), which the forms' own dialogs use too.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmOptions {
  title?: string;
  /** Label of the accepting button (default OK). */
  accept?: string;
  /** Label of the refusing button (default Cancel). */
  cancel?: string;
  /** Draw the accepting button as a destructive action. */
  danger?: boolean;
}

export interface PromptOptions extends ConfirmOptions {
  /** The input's label. */
  label: string;
  initial?: string;
}

export interface Dialogs {
  /** True when the user accepted. */
  confirm(message: string, options?: ConfirmOptions): Promise<boolean>;
  /** The text entered, or undefined when the user cancelled. */
  prompt(message: string, options: PromptOptions): Promise<string | undefined>;
}

type Open =
  | { kind: 'confirm'; message: string; options: ConfirmOptions; done(v: boolean): void }
  | { kind: 'prompt'; message: string; options: PromptOptions; done(v: string | undefined): void };

const DialogsContext = createContext<Dialogs | undefined>(undefined);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>();
  const [text, setText] = useState('');
  const current = useRef<Open>(undefined);
  current.current = open;

  const finish = useCallback((value: boolean | string | undefined) => {
    const o = current.current;
    setOpen(undefined);
    if (!o) return;
    if (o.kind === 'confirm') o.done(value === true);
    else o.done(typeof value === 'string' ? value : undefined);
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (message, options = {}) =>
        new Promise<boolean>((done) => setOpen({ kind: 'confirm', message, options, done })),
      prompt: (message, options) =>
        new Promise<string | undefined>((done) => {
          setText(options.initial ?? '');
          setOpen({ kind: 'prompt', message, options, done });
        }),
    }),
    [],
  );

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {open && (
        <Dialog
          open
          onClose={() => finish(open.kind === 'confirm' ? false : undefined)}
          title={open.options.title}
          ariaLabel={open.message}
          width={440}
        >
          <form
            className="dialog-form"
            onSubmit={(e) => {
              e.preventDefault();
              finish(open.kind === 'confirm' ? true : text);
            }}
          >
            <p className="dialog-form__message">{open.message}</p>
            {open.kind === 'prompt' && (
              <label className="dialog-form__field">
                <span>{open.options.label}</span>
                <input autoFocus value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
              </label>
            )}
            <div className="form__actions">
              <button type="submit" className={`btn ${open.options.danger ? 'btn--danger' : 'btn--primary'}`}>
                {open.options.accept ?? 'OK'}
              </button>
              <button type="button" className="btn" onClick={() => finish(open.kind === 'confirm' ? false : undefined)}>
                {open.options.cancel ?? 'Cancel'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const d = useContext(DialogsContext);
  if (!d) throw new Error('dialogs: no DialogsProvider above this component');
  return d;
}
