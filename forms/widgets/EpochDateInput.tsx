/**
 * A date input holding epoch seconds (spec/000 section 5). The browser reports a date only once its
 * year is complete; while a year is typed ("0002", "0020", ...) it reports a date before 1000, which
 * is no date here. What it reports is kept as typed and the value sent on is undefined meanwhile: the
 * field is not reset under the user's keys by the value written back.
 */
import { useState, type InputHTMLAttributes } from 'react';
import { epochToIso, isoToEpoch } from '../../engine/masks.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'onBlur' | 'onFocus'> & {
  value: number | undefined;
  onValue: (value: number | undefined) => void;
  onBlurValue?: (value: number | undefined) => void;
  onFocusValue?: (value: number | undefined) => void;
};

export function EpochDateInput({ value, onValue, onBlurValue, onFocusValue, ...rest }: Props) {
  const [text, setText] = useState(() => epochToIso(value));
  // The value last seen from outside or sent from here: another one is a change from outside (a reload).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(epochToIso(value));
  }
  return (
    <input
      {...rest}
      type="date"
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        const epoch = isoToEpoch(typed);
        setText(typed);
        setKnown(epoch);
        onValue(epoch);
      }}
      onBlur={(e) => onBlurValue?.(isoToEpoch(e.target.value))}
      onFocus={(e) => onFocusValue?.(isoToEpoch(e.target.value))}
    />
  );
}
