/**
 * The layer guards of eslint.config.js: a small module placed in a layer (linted as if it were a file
 * of that folder) with a forbidden import is reported by no-restricted-imports with the reason, and
 * the imports a layer may make are not. ESLint runs with the project's own config, as `npm run lint` does.
 */
import { beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The no-restricted-imports messages ESLint gives `source` as the file `file` of the project. */
async function layerProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const forbidden: { file: string; source: string; why: RegExp }[] = [
  { file: 'engine/fixture.ts', source: "import { useState } from 'react';", why: /engine\/ is pure.*React/ },
  { file: 'engine/fixture.ts', source: "import { jsx } from 'react/jsx-runtime';", why: /React/ },
  { file: 'engine/fixture.ts', source: "import { Hono } from 'hono';", why: /engine\/ is pure.*HTTP/ },
  { file: 'engine/fixture.ts', source: "import { readFileSync } from 'node:fs';", why: /Node built-ins/ },
  { file: 'engine/sub/fixture.ts', source: "import { x } from '../../server/app.ts';", why: /depend on server\// },
  { file: 'engine/fixture.ts', source: "export { x } from '../renderers/format/format-value.ts';", why: /renderers\// },
  { file: 'engine/fixture.ts', source: "import type { X } from '../forms/payroll/i9.ts';", why: /forms\// },
  { file: 'engine/fixture.ts', source: "import { x } from '../printable/format.ts';", why: /printable\// },
  { file: 'engine/fixture.ts', source: "import { x } from '../web/main.tsx';", why: /web\// },
  { file: 'engine/fixture.ts', source: "import { x } from '../project/root.ts';", why: /project\// },
  {
    file: 'server/fixture.ts',
    source: "import { x } from '../renderers/guard/decide.ts';",
    why: /server\/.*renderers\//,
  },
  { file: 'server/data/fixture.ts', source: "import { x } from '../../forms/payroll/i9.ts';", why: /forms\// },
  { file: 'server/fixture.ts', source: "import { x } from '../web/main.tsx';", why: /web\// },
  { file: 'server/fixture.ts', source: "import { x } from '../stories/support/check.ts';", why: /stories\// },
  { file: 'printable/fixture.ts', source: "import { x } from '../server/schemas.ts';", why: /printable\/.*server\// },
  {
    file: 'printable/fixture.ts',
    source: "import { x } from '../renderers/format/format-value.ts';",
    why: /renderers/,
  },
  { file: 'printable/fixture.ts', source: "import { x } from '../forms/widgets/SsnWidget.tsx';", why: /forms\// },
  { file: 'printable/fixture.ts', source: "import React from 'react';", why: /pdfmake/ },
  { file: 'project/fixture.ts', source: "import { x } from '../server/schemas.ts';", why: /project\/.*server\// },
  { file: 'renderers/fixture.tsx', source: "import { x } from '../server/schemas.ts';", why: /HTTP API/ },
  { file: 'forms/payroll/fixture.tsx', source: "import { x } from '../../server/data/records.ts';", why: /HTTP API/ },
  { file: 'forms/fixture.tsx', source: "import { x } from '../project/root.ts';", why: /project\// },
  {
    file: 'renderers/screens/record/fixture.tsx',
    source: "import { widgets } from '../../../forms/widgets/index.ts';",
    why: /renderers\/ are the generic screens.*registry the app root hands them/,
  },
  {
    file: 'renderers/app/fixture.ts',
    source: "import type { X } from '../../forms/views.ts';",
    why: /generic screens/,
  },
  {
    file: 'renderers/fixture.tsx',
    source: "export { Dialog } from '../forms/dialog/Dialog.tsx';",
    why: /generic screens/,
  },
  {
    file: 'forms/payroll/fixture.tsx',
    source: "import { Fields } from '../../renderers/screens/record/RecordDetails.tsx';",
    why: /forms\/ plugs into the screens through their contract/,
  },
];

const allowed: { file: string; source: string }[] = [
  { file: 'engine/fixture.ts', source: "import { x } from './masks.ts';" },
  { file: 'engine/fixture.ts', source: "import jsonata from 'jsonata';" },
  { file: 'project/fixture.ts', source: "import { readFileSync } from 'node:fs';" },
  { file: 'server/fixture.ts', source: "import { Hono } from 'hono';\nimport { x } from '../engine/masks.ts';" },
  { file: 'server/routes/fixture.ts', source: "import { x } from '../printable/records.ts';" },
  { file: 'server/fixture.ts', source: "import { x } from '../printable/layouts.ts';" },
  {
    file: 'printable/fixture.ts',
    source: "import { x } from '../engine/masks.ts';\nimport { y } from '../project/root.ts';",
  },
  {
    file: 'renderers/fixture.tsx',
    source: "import { useState } from 'react';\nimport { x } from '../engine/masks.ts';",
  },
  { file: 'forms/fixture.ts', source: "import { x } from './printable/printable-forms.ts';" },
  {
    file: 'forms/payroll/fixture.tsx',
    source:
      "import { Fields } from '../../renderers/contract/record-parts.ts';\nimport type { ScreenContext } from '../../renderers/contract/forms-registry.ts';\nimport { x } from '../../renderers/api/client.ts';",
  },
  {
    file: 'forms/screens/auth/fixture.ts',
    source: "import { usersScreen } from '../users.ts';\nimport { x } from '../../screens/index.ts';",
  },
  {
    file: 'renderers/screens/record/fixture.tsx',
    source: "import { recordForms } from '../../contract/forms-registry.ts';",
  },
  {
    file: 'web/fixture.ts',
    source:
      "import { widgets } from '../forms/widgets/index.ts';\nimport { registerForms } from '../renderers/contract/forms-registry.ts';",
  },
  { file: 'forms/fixture.ts', source: "import { x } from '../printable/layout.ts';" },
  { file: 'tests/unit/fixture.ts', source: "import { x } from '../../server/schemas.ts';" },
];

describe('layer guards in eslint.config.js', () => {
  for (const { file, source, why } of forbidden) {
    it(`reports ${source} in ${file}`, async () => {
      const problems = await layerProblems(file, source);
      assert.equal(problems.length, 1, `expected one layer problem, got ${JSON.stringify(problems)}`);
      assert.match(problems[0], why);
    });
  }
  for (const { file, source } of allowed) {
    it(`allows ${source.replace(/\n/g, ' ')} in ${file}`, async () => {
      assert.deepEqual(await layerProblems(file, source), []);
    });
  }
});
