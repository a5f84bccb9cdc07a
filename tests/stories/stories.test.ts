/// <reference types="vite/client" />
/**
 * The stories as a whole (each story is a test of its own in the storybook project): every widget
 * of the registry and every screen piece has a story file, and the story checks
 * (tests/stories/checks.ts) fail a story that does not show what it names.
 */
import { describe, expect, it } from 'vitest';
import { composeStories } from '@storybook/react-vite';
import { fields } from '../../forms/fields/index.ts';
import { widgets } from '../../forms/widgets/index.ts';
import * as phone from '../../stories/widgets/PhoneWidget.stories.tsx';
import { assertCheck, findChecked } from './checks.ts';

type StoryExport = {
  args?: Record<string, unknown>;
  globals?: Record<string, unknown>;
  play?: { message?: string };
};
const files = import.meta.glob<{ default: { title: string } } & Record<string, StoryExport>>(
  '../../stories/**/*.stories.tsx',
  { eager: true },
);
const titles = Object.values(files).map((f) => f.default.title);

describe('storybook', () => {
  it('has a story file for each widget of the registry and each screen piece', () => {
    const widgetNames = Object.values(widgets).map((w) => (w as { name: string }).name);
    for (const name of widgetNames) {
      expect(
        titles.some((t) => t.endsWith(`/${name}`)),
        `widget ${name} (forms/widgets/index.ts) has no story file (titles: ${titles.join(', ')})`,
      ).toBe(true);
    }
    // Every custom field of the registry too ("ui:field"), but the two that draw nothing of their own:
    // formBehaviour, the root of a form with behaviour (in the MailingAddressField and DirectDepositField
    // stories), and ArrayField, @rjsf's own list (in the BoundedArrayField stories).
    const plumbing = new Set(['formBehaviour', 'ArrayField']);
    for (const [key, field] of Object.entries(fields)) {
      if (plumbing.has(key)) continue;
      const name = (field as { name: string }).name;
      expect(
        titles.some((t) => t.endsWith(`/${name}`)),
        `field ${name} ("ui:field": "${key}", forms/fields/index.ts) has no story file`,
      ).toBe(true);
    }
    for (const t of ['Screens/ListScreen', 'Screens/RecordScreen', 'Screens/RecordView', 'Notify/Notifications']) {
      expect(titles, `no stories titled ${t}`).toContain(t);
    }
    expect(titles, 'no stories of the login page').toContain('Pages/LoginPage');
    for (const t of [
      'Pages/HomePage',
      'Pages/OnboardingPage',
      'Pages/PaystubsPage',
      'Pages/TwoFactorPage',
      'Pages/TwoFactorStep',
      'Forms/Employee documents/FileField',
      'Forms/I-9/Supplements',
    ]) {
      expect(titles, `no stories titled ${t}`).toContain(t);
    }
  });
});

describe("every widget's states", () => {
  it('each widget of the registry has a read-only story and one at a phone width', () => {
    for (const widget of Object.values(widgets)) {
      const name = (widget as { name: string }).name;
      const file = Object.values(files).find((f) => f.default.title.endsWith(`/${name}`));
      expect(file, `widget ${name} has no story file`).toBeDefined();
      expect(file!.ReadOnly?.args?.readonly, `widget ${name}: no ReadOnly story with readonly: true`).toBe(true);
      expect(file!.Phone?.globals?.viewport, `widget ${name}: no Phone story with a phone's viewport`).toBeDefined();
    }
  });

  it('each widget of the registry has an error story that checks its message is shown and marked', () => {
    for (const widget of Object.values(widgets)) {
      const name = (widget as { name: string }).name;
      const file = Object.values(files).find((f) => f.default.title.endsWith(`/${name}`));
      const story = file?.WithError;
      expect(story, `widget ${name}: no WithError story`).toBeDefined();
      // The message the story gives the field, as after a failed save (WidgetField's errors, or the
      // form's extraErrors), is the one its play function (showsTheError) looks for.
      const message = story!.play?.message;
      expect(message, `widget ${name}: WithError's play is not showsTheError(message)`).toBeTypeOf('string');
      expect(
        JSON.stringify([story!.args?.errors, story!.args?.extraErrors]),
        `widget ${name}: WithError does not give the field the message its play checks`,
      ).toContain(JSON.stringify(message).slice(1, -1));
    }
  });
});

describe("every custom field's error state", () => {
  it('each custom field of the registry has an error story that checks its message is shown and marked', () => {
    // As for widgets: a field that draws its own controls must show a refusal at them and mark them.
    // The two that draw nothing of their own are shown (and checked) through the fields that use them.
    const plumbing = new Set(['formBehaviour', 'ArrayField']);
    for (const [key, field] of Object.entries(fields)) {
      if (plumbing.has(key)) continue;
      const name = (field as { name: string }).name;
      const file = Object.values(files).find((f) => f.default.title.endsWith(`/${name}`));
      const story = file?.WithError;
      expect(story, `field ${name} ("ui:field": "${key}"): no WithError story`).toBeDefined();
      expect(story!.play?.message, `field ${name}: WithError's play is not showsTheError(message)`).toBeTypeOf(
        'string',
      );
    }
  });
});

describe('story checks catch a broken story', () => {
  it('fails when the named element is missing', async () => {
    const { Stored } = composeStories(phone);
    await Stored.run();
    const check = Stored.parameters.check;
    if (!check) throw new Error(`${Stored.id} names no check`);
    await expect(assertCheck(Stored.id, { ...check, name: 'No such field' }, 500)).rejects.toThrow(
      /nothing on the page matches/,
    );
    // The masked value is what the check compares: a wrong expectation fails.
    expect(((await findChecked(check)) as HTMLInputElement).value).not.toBe('3125550147');
    await expect(assertCheck(Stored.id, { ...check, value: '3125550147' })).rejects.toThrow(/shown value/);
  });
});
