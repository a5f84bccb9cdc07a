/**
 * The states every widget's stories show beside empty, filled and refused: read-only (a record the
 * viewer may read but not change) and at a phone's width. Stories spread these over a filled story.
 */
import { expect } from 'storybook/test';

/** Storybook's smallest phone (320 px wide): the story's viewport in Storybook and in its test. */
export const PHONE = { viewport: { value: 'mobile1', isRotated: false } };

/** At a phone's width nothing is wider than the screen: no sideways scrolling. */
export async function fitsThePhone(): Promise<void> {
  await expect(window.innerWidth).toBeLessThanOrEqual(414);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

const EDITABLE = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  'button:not([disabled])',
  '[contenteditable="true"]',
].join(', ');

/** Read-only: the value is shown, and nothing in the story can change it. */
export async function nothingEditable({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> {
  const editable = [...canvasElement.querySelectorAll(EDITABLE)].map((e) => e.outerHTML.slice(0, 160));
  await expect(editable).toEqual([]);
}
