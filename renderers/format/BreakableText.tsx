/**
 * Text for a table cell in which a word too long for any column (a name of 128 letters with no
 * space, the most a form allows; a 32-character key) may break: a table sizes each column to its
 * longest word, so one such word pushed the row's other columns and its Edit past the screen. Only
 * words of at least LONG characters get break points (`<wbr>`, which copying leaves out); ordinary
 * words, dates and buttons keep their width.
 */
import { Fragment, type ReactNode } from 'react';

const LONG = 24;
const PIECE = 12;

export function breakable(text: string): ReactNode {
  if (text.length < LONG) return text;
  const parts = text.split(/(\s+)/);
  if (!parts.some((p) => [...p].length >= LONG)) return text;
  return parts.map((part, i) => {
    const chars = [...part];
    if (chars.length < LONG) return <Fragment key={i}>{part}</Fragment>;
    const pieces: string[] = [];
    for (let at = 0; at < chars.length; at += PIECE) pieces.push(chars.slice(at, at + PIECE).join(''));
    return (
      <Fragment key={i}>
        {pieces.map((p, j) => (
          <Fragment key={j}>
            {j > 0 && <wbr />}
            {p}
          </Fragment>
        ))}
      </Fragment>
    );
  });
}
