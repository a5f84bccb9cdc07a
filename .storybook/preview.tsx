/**
 * Every story gets the product's styles and forms (registered with the generic screens as the app
 * registers them, web/forms-registry.ts) and is wrapped in an element carrying its
 * `parameters.check` (stories/support/check.ts), which the story tests wait for.
 */
import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { CHECK_ATTRIBUTE } from '../stories/support/check.ts';
import '../web/forms-registry.ts';
import '../renderers/styles/base.css';
import '../renderers/styles/layout.css';
import '../renderers/styles/table.css';
import '../renderers/styles/form.css';

// A play function's queries wait as long as the story tests do: testing-library's 1 s default
// failed a play (and so its story) whenever a busy machine took longer to load a form's validator.
configure({ asyncUtilTimeout: 20_000 });

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => (
      <div {...{ [CHECK_ATTRIBUTE]: JSON.stringify(parameters.check ?? null) }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
