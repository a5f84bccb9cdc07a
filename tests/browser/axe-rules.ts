/**
 * What the accessibility checks ask of axe-core and what fails them, in one place for the
 * Playwright pages (axe.ts) and the stories rendered by vitest's browser mode
 * (tests/stories/checks.ts): WCAG 2.x A and AA rules plus best practices; a serious or critical
 * violation blocks a release. Nothing here needs Node or a browser.
 */
export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

export const BLOCKING: readonly Impact[] = ['serious', 'critical'];

/** axe.run's options. */
export const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
} as const;

/** The serious and critical violations only. */
export function blocking(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact !== null && BLOCKING.includes(v.impact));
}

/** A readable report of violations, for assertion messages. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  if (!violations.length) return `${where}: no violations`;
  const lines = violations.flatMap((v) => [
    `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
  ]);
  return lines.join('\n');
}
