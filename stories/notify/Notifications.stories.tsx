/**
 * Notifications (renderers/notify/notify.tsx): the messages the screens send, kept on screen here
 * (timeout 0) so they can be looked at. Negative ones are alerts, the others status messages.
 */
import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotifyProvider, useNotify, type NotifyType } from '../../renderers/notify/notify.tsx';
import {
  CONFLICT_MESSAGE,
  INVALID_MESSAGE,
  SAVED_MESSAGE,
} from '../../renderers/screens/record/useRecordController.ts';

function Send({ notices }: { notices: { type: NotifyType; message: string }[] }) {
  const notify = useNotify();
  useEffect(() => {
    for (const n of notices) notify({ ...n, timeout: 0 });
  }, [notices, notify]);
  return null;
}

function Notifications({ notices }: { notices: { type: NotifyType; message: string }[] }) {
  return (
    <NotifyProvider>
      <main className="page" style={{ padding: 24 }}>
        <h1>Notifications</h1>
      </main>
      <Send notices={notices} />
    </NotifyProvider>
  );
}

const meta = {
  title: 'Notify/Notifications',
  component: Notifications,
} satisfies Meta<typeof Notifications>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {
  args: { notices: [{ type: 'positive', message: SAVED_MESSAGE }] },
  parameters: { check: { role: 'status', text: SAVED_MESSAGE } },
};

export const Invalid: Story = {
  args: { notices: [{ type: 'negative', message: INVALID_MESSAGE }] },
  parameters: { check: { role: 'alert', text: INVALID_MESSAGE } },
};

export const Conflict: Story = {
  args: { notices: [{ type: 'negative', message: CONFLICT_MESSAGE }] },
  parameters: { check: { role: 'alert', text: 'Someone else changed this record' } },
};

export const Stacked: Story = {
  args: {
    notices: [
      { type: 'info', message: 'Your W-4 for 2025 is ready to sign.' },
      { type: 'warning', message: 'Direct deposit changes take effect next pay period.' },
      { type: 'positive', message: SAVED_MESSAGE },
      { type: 'negative', message: 'Not authorized.' },
    ],
  },
  parameters: { check: { role: 'alert', text: 'Not authorized.' } },
};
