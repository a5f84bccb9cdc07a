/** The drawing pad of the drawn signature mode (forms/signature/DrawnSignaturePad.tsx). */
import type { Meta, StoryObj } from '@storybook/react-vite';
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
