/**
 * The states every widget's stories show beside empty, filled and refused: read-only (a record the
 * viewer may read but not change) and at a phone's width. Stories spread these over a filled story.
 */
import { expect, waitFor } from 'storybook/test';

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

/** A play function that checks the error state, and the message it checks (the stories test reads it). */
export type ErrorCheck = ((ctx: { canvasElement: HTMLElement }) => Promise<void>) & { message: string };

/**
 * The error state (a failed save, or the form's own check): the message is shown at the field, a
 * control is described by it (aria-describedby names the box holding it) and that control, or the
 * group holding it, is marked aria-invalid. A widget that swallows its errors fails here.
 */
export function showsTheError(
  message: string,
  /** What the person does first to be refused (Save on a screen), if the story's args do not refuse already. */
  before?: (ctx: { canvasElement: HTMLElement }) => Promise<void>,
): ErrorCheck {
  const check = async ({ canvasElement }: { canvasElement: HTMLElement }): Promise<void> => {
    await before?.({ canvasElement });
    const shown = await waitFor(() => {
      const hit = [...canvasElement.querySelectorAll('*')].find(
        (e) => e.children.length === 0 && e.textContent?.trim() === message,
      );
      if (!hit) throw new Error(`the message "${message}" is not shown`);
      return hit;
    });
    const box = shown.closest('[id]');
    await expect(box, `"${message}" sits in no element with an id a control could name`).not.toBeNull();
    const described = [...canvasElement.querySelectorAll('[aria-describedby]')].filter((e) =>
      (e.getAttribute('aria-describedby') ?? '').split(/\s+/).includes(box!.id),
    );
    await expect(described.length, `no control is described by "${message}" (#${box!.id})`).toBeGreaterThan(0);
    const invalid = [...canvasElement.querySelectorAll('[aria-invalid="true"]')].filter((e) =>
      described.some((d) => d === e || e.contains(d)),
    );
    await expect(
      invalid.map((e) => e.outerHTML.slice(0, 120)),
      `the control described by "${message}" is not marked aria-invalid: ${described[0].outerHTML.slice(0, 160)}`,
    ).not.toEqual([]);
  };
  return Object.assign(check, { message });
}
