/**
 * A company's brand colour is applied so that the screens stay readable (WCAG 2 AA, 4.5:1): as text
 * on the lightest ground it sits on, and under the white text of the header and primary buttons.
 */
import { describe, expect, it } from 'vitest';
import { brandingVariables, contrastRatio, readablePrimary } from '../../../renderers/layouts/branding.ts';
import type { ResolvedOrg } from '../../../renderers/api/types.ts';

const org = (colorPrimary: string) =>
  ({ organization_id: 'o', name: 'Acme', hostname: 'acme', branding: { colorPrimary } }) as unknown as ResolvedOrg;

describe('the primary brand colour', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('000000', 'ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('ffffff', 'ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('767676', 'ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keeps a dark colour as it is (the default navy, a deep green)', () => {
    expect(readablePrimary('002d50')).toBe('002d50');
    expect(readablePrimary('1E6B35')).toBe('1e6b35');
  });

  for (const light of ['aabbcc', 'ffffff', 'ffeb3b', '88ccff', '777777']) {
    it(`darkens ${light} just enough to read on white, the page and the active menu item, and under white text`, () => {
      const shade = readablePrimary(light);
      for (const ground of ['e3ebf3', 'f3f5f8', 'ffffff'])
        expect(contrastRatio(shade, ground)).toBeGreaterThanOrEqual(4.5);
      // Just enough: one step lighter would not read.
      const lighter = [0, 2, 4].map((i) => Math.min(255, Math.ceil(parseInt(shade.slice(i, i + 2), 16) / 0.95)));
      const back = lighter.map((c) => c.toString(16).padStart(2, '0')).join('');
      if (shade !== light) expect(contrastRatio(back, 'e3ebf3')).toBeLessThan(4.6);
    });
  }

  it('keeps the hue of a light colour: a light blue stays blue', () => {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(readablePrimary('88ccff').slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it('is what the document gets', () => {
    expect(brandingVariables(org('AABBCC'))['--color-primary']).toBe(`#${readablePrimary('aabbcc')}`);
    expect(brandingVariables(org('002d50'))['--color-primary']).toBe('#002d50');
  });
});
