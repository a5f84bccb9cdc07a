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
};

export default config;
