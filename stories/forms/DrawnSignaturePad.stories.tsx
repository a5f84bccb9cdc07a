/** The drawing pad of the drawn signature mode (forms/signature/DrawnSignaturePad.tsx). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DrawnSignaturePad } from '../../forms/signature/DrawnSignaturePad.tsx';
import { DRAWN_PNG } from './fixtures.ts';

const meta = {
  title: 'Forms/Signature/DrawnSignaturePad',
  component: DrawnSignaturePad,
  args: { onChange: () => undefined },
} satisfies Meta<typeof DrawnSignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

const pad = { role: 'img', name: 'Signature drawing area' };

export const Empty: Story = { parameters: { check: pad } };

export const WithDrawing: Story = { args: { value: DRAWN_PNG }, parameters: { check: pad } };

export const Disabled: Story = { args: { disabled: true }, parameters: { check: { role: 'button', name: 'Clear' } } };

/** A stroke across the pad as a pointer of this kind draws it (signature_pad listens to pointer events). */
function stroke(canvas: HTMLCanvasElement, pointerType: 'mouse' | 'touch', dy = 0) {
  const box = canvas.getBoundingClientRect();
  const at = (type: string, x: number, y: number, buttons: number) =>
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: pointerType === 'mouse' ? 1 : 2,
      pointerType,
      isPrimary: true,
      button: 0,
      buttons,
      pressure: buttons ? 0.5 : 0,
      clientX: box.left + x,
      clientY: box.top + y + dy,
    });
  canvas.dispatchEvent(at('pointerdown', 20, 40, 1));
  for (let x = 30; x <= 200; x += 10) canvas.dispatchEvent(at('pointermove', x, 40 + ((x / 10) % 3) * 12, 1));
  canvas.dispatchEvent(at('pointerup', 200, 60, 0));
}

/** Drawn with the mouse and with a finger; each stroke hands up a PNG, Clear hands up nothing. */
export const DrawnByMouseAndTouch: Story = {
  args: { onChange: fn() },
  parameters: { check: pad },
  play: async ({ canvasElement, args }) => {
    const canvas = canvasElement.querySelector('canvas')!;
    await waitFor(() => expect(canvas.width).toBeGreaterThan(0));
    stroke(canvas, 'mouse');
    await waitFor(() =>
      expect(args.onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/)),
    );
    const calls = (args.onChange as ReturnType<typeof fn>).mock.calls.length;
    stroke(canvas, 'touch', 20);
    await waitFor(() => expect((args.onChange as ReturnType<typeof fn>).mock.calls.length).toBeGreaterThan(calls));
    expect(args.onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    canvasElement.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(undefined));
  },
};
