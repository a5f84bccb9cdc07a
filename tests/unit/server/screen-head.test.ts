/**
 * The tags a form page's head names (server/web.ts screenHead): the screen's code and the forms it
 * draws with are found in the build's manifest by source, or, for a dynamic entry that shares its
 * chunk with another module (the manifest then gives it no source), by its name. A full run found
 * the forms' chunk missing from an edit page's preloads after such a change in the build's chunks.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { screenHead } from '../../../server/web.ts';

test('a dynamic entry the manifest names without its source is found by its name, with its imports', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true },
    '../renderers/screens/record/RecordScreen.tsx': {
      file: 'assets/RecordScreen-b.js',
      src: '../renderers/screens/record/RecordScreen.tsx',
      imports: ['index.html', '_core-c.js'],
    },
    '_record-forms-d.js': {
      file: 'assets/record-forms-d.js',
      name: 'record-forms',
      isDynamicEntry: true,
      imports: ['_core-c.js', '_widgets-e.js'],
    },
    '_core-c.js': { file: 'assets/core-c.js' },
    '_widgets-e.js': { file: 'assets/widgets-e.js' },
  };
  const head = screenHead(manifest, {
    code: ['renderers/screens/record/RecordScreen.tsx', 'web/record-forms.ts'],
  });
  for (const file of ['RecordScreen-b.js', 'record-forms-d.js', 'core-c.js', 'widgets-e.js']) {
    assert.match(head.last, new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${file}">`), file);
  }
  assert.doesNotMatch(head.last, /index-a\.js/, "the app's entry is the page's own");
  assert.equal(head.last.match(/core-c\.js/g)?.length, 1, 'each chunk once');
});
