import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layer guards: each layer depends only on the layers below it, so a screen change cannot break the
 * server and the rules stay the same on both sides.
 *   engine/ (pure rules) <- project/ (the project's own files, Node) <- printable/ (PDF) <- server/ (HTTP)
 *   engine/ <- renderers/ (generic screens) <- forms/ (per-form code) <- web/ (the app root)
 * renderers/ never imports forms/: web/ hands the screens forms/'s widgets, fields and views through
 * renderers/contract/, the one part of renderers/ that forms/ may reach besides its services.
 * A layer is reached by a relative path to a top-level folder; no layer has a subfolder named like
 * a restricted one, so `../` followed by the folder's name means that top-level folder.
 */
const layer = (folder, why) => ({ regex: `^(\\.\\./)+${folder}(/|$)`, message: why });
const pkg = (name, why) => ({ regex: `^${name}(/|$)`, message: why });
const UI = ['renderers', 'forms', 'web', 'stories'];

const ENGINE_PURE =
  'engine/ is pure (plain functions over plain data) so the server and the browser run the same rules:';
const engineRules = [
  pkg('react(-dom)?', `${ENGINE_PURE} React belongs to renderers/, forms/ or web/.`),
  pkg('hono', `${ENGINE_PURE} HTTP belongs to server/.`),
  { regex: '^node:', message: `${ENGINE_PURE} Node built-ins (files, crypto, streams) belong to project/ or server/.` },
  ...['server', 'project', 'printable', ...UI].map((folder) =>
    layer(folder, `${ENGINE_PURE} it cannot depend on ${folder}/; move the shared pure code into engine/.`),
  ),
];
const projectRules = ['server', 'printable', ...UI].map((folder) =>
  layer(
    folder,
    `project/ only finds the project's own files for server/ and printable/: it cannot depend on ${folder}/.`,
  ),
);
const serverRules = UI.map((folder) =>
  layer(
    folder,
    `server/ runs without a browser: it cannot depend on the UI layer ${folder}/; share pure code through engine/.`,
  ),
);
const printableRules = [
  ...['server', ...UI].map((folder) =>
    layer(
      folder,
      `printable/ turns a record into a PDF below the server and the screens: it cannot depend on ${folder}/; pure formatters live in engine/.`,
    ),
  ),
  pkg('react(-dom)?', 'printable/ draws with pdfmake, not with React components.'),
];
const uiRules = [
  layer(
    'server',
    'Screens reach the server only through the HTTP API (API.md); server/ code does not ship to the browser.',
  ),
  layer('project', 'project/ reads files with Node and does not ship to the browser; ask the server through the API.'),
];

const rendererRules = [
  ...uiRules,
  layer(
    'forms',
    'renderers/ are the generic screens: they draw concrete forms only through the registry the app root hands them (renderers/contract/forms-registry.ts, assembled in web/), so a form change cannot break a screen and the screens run without any form.',
  ),
];
const formRules = [
  ...uiRules,
  {
    regex: '^(\\.\\./)+renderers/screens(/|$)',
    message:
      'forms/ plugs into the screens through their contract (renderers/contract/), not their files: import what a form may use from renderers/contract/record-parts.ts or forms-registry.ts.',
  },
];

const zone = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/**', 'storybook-static/', 'types/generated/', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  zone(['engine/**'], engineRules),
  zone(['project/**'], projectRules),
  zone(['server/**'], serverRules),
  zone(['printable/**'], printableRules),
  zone(['renderers/**'], rendererRules),
  zone(['forms/**'], formRules),
  {
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // These projects' workers run one file after another (vitest.config.ts `sharedWorkers`): a
    // module mocked or the process changed for good by one file would be seen by the next.
    files: ['tests/unit/**', 'tests/forms/**', 'tests/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv|stubGlobal)$/]",
          message:
            'A worker here runs file after file (docs/testing.md): do not mock modules or stub the environment; spy (vi.spyOn, restored after each test) or start a server with its own env.',
        },
      ],
    },
  },
);
