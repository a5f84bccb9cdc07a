/**
 * The W-4 screen's header: the form's edition as text (the field itself is a hidden input: an
 * edition is chosen by the server and by Edit, never typed), the link to the federal form, and for a
 * record of another edition than the one in effect the read-only notice with its Edit action.
 */
import type { BehaviourHeaderProps } from '../behaviour/behaviour.ts';
import { currentW4Edition, editOnCurrentForm, isW4Locked, W4_LINKS } from './w4.ts';

export function W4Header({ data, env, patch, disabled }: BehaviourHeaderProps) {
  const locked = isW4Locked(data, env);
  const current = currentW4Edition(env);
  const edition = typeof data.w4_year === 'string' ? data.w4_year : current;
  return (
    <div className="form-header">
      <p className="form-header__edition">
        <strong>Form W-4 ({edition} edition)</strong>
      </p>
      <p className="form-header__links">
        <a href={W4_LINKS.form.url} target="_blank" rel="noopener noreferrer">
          {W4_LINKS.form.label}
        </a>
        {' · '}
        <a href={W4_LINKS.about.url} target="_blank" rel="noopener noreferrer">
          {W4_LINKS.about.label}
        </a>
      </p>
      {locked && (
        <div className="banner banner--info" role="status">
          <p>
            This Form W-4 was completed on the {String(data.w4_year)} form and is read-only. Edit moves it onto the{' '}
            {current} form: Step 3 is asked for again, the form must be signed again, and the answers of the 2019 form
            are removed.
          </p>
          {!disabled && (
            <button type="button" className="btn" onClick={() => patch(editOnCurrentForm(env))}>
              Edit
            </button>
          )}
        </div>
      )}
    </div>
  );
}
