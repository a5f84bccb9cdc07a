/**
 * The storybook vitest project (vitest.config.ts): each story renders with the preview's
 * annotations, then tests/stories/checks.ts checks what it shows, what it logs and axe-core.
 */
import { setProjectAnnotations } from '@storybook/react-vite';
import * as preview from './preview.tsx';
import { storyChecks } from '../tests/stories/checks.ts';

setProjectAnnotations([preview, storyChecks]);
