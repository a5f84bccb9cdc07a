/**
 * What a story must show to count as rendered: every story names it in `parameters.check`, the
 * preview writes it into the page (`data-story-check`), and tests/browser/stories.test.ts waits for
 * it in Chromium: an element by role (with its accessible name, a text inside, or an input's value),
 * a control by its label (and value), or a text.
 */
export interface StoryCheck {
  role?: string;
  /** A form control by its label (for controls without a role, such as a date input). */
  label?: string;
  name?: string;
  /** Text inside the element with `role`, or anywhere on the page without one. */
  text?: string;
  /** The value the control with `role` or `label` shows (masks applied). */
  value?: string;
}

export const CHECK_ATTRIBUTE = 'data-story-check';
