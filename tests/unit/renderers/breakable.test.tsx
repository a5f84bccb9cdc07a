/**
 * A list cell's text breaks inside a word only where the word is too long for any column (a name of
 * 128 letters with no space made the groups table 4,138 px wide at 1280px, its Edit out of sight).
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { breakable } from '../../../renderers/format/BreakableText.tsx';

const html = (text: string) => renderToStaticMarkup(<>{breakable(text)}</>);

describe('breakable', () => {
  it('leaves ordinary words, dates and e-mails whole', () => {
    for (const t of ['Company Admins', '11/30/2026', 'emma@acme.example', 'Manage users, Manage groups'])
      expect(html(t)).toBe(t.replace(/'/g, '&#x27;'));
  });
  it('gives a word of 24 characters or more a break point every 12, copied without them', () => {
    expect(html('W'.repeat(32))).toBe(`${'W'.repeat(12)}<wbr/>${'W'.repeat(12)}<wbr/>${'W'.repeat(8)}`);
    expect(html(`Team ${'ש'.repeat(30)} one`)).toBe(
      `Team ${'ש'.repeat(12)}<wbr/>${'ש'.repeat(12)}<wbr/>${'ש'.repeat(6)} one`,
    );
  });
  it('counts characters, not UTF-16 units: an emoji is never split', () => {
    const out = html('😀'.repeat(25));
    expect(out.replace(/<wbr\/>/g, '')).toBe('😀'.repeat(25));
    expect(out.split('<wbr/>').map((p) => [...p].length)).toEqual([12, 12, 1]);
  });
});
