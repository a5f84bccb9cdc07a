/**
 * Storybook (`npm run storybook`, `npm run build-storybook` into storybook-static/): the generic
 * screens' building blocks and the widgets, from the fixtures in stories/. The project's Vite
 * config is used (the React plugin and the precompiled validators); Storybook sets its own root.
 */
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  // The highlight feature serves addons (a11y, interactions) this project does not install, and it
  // costs every story: on each DOM change it walks every element of the page with
  // getComputedStyle. On the 200-item array story that was 26 ms of the first keystroke.
  features: { highlight: false },
};

export default config;
