// The boundaries of docs/decisions/033, checked by `npm run lint` (part of `npm test`). Each zone says
// which files may not import which; zones are built from the folders on disk, so a new feature or
// module is covered the day it is created.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = path.join(root, 'apps/web/src');
const server = path.join(root, 'apps/server/src');
const foldersIn = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : []);

/** Web: app → features → shared (components, lib, api, contracts); a feature is entered from outside only by its front door. */
const webZones = [
  {
    target: `${web}/{components,lib,api}/**`,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components, lib, api) never imports a feature or the app: the direction is app → features → shared.',
  },
  {
    target: `${web}/features/**`,
    from: `${web}/app`,
    message: 'A feature never imports the app: the direction is app → features → shared.',
  },
  {
    target: `${web}/features/*/{api,lib,stores}/**`,
    from: `${web}/features/*/!(api|lib|stores)/**`,
    message: "A feature's api, lib and stores are its foundation: they never import its screens, grid or widgets.",
  },
  {
    target: `${web}/features/*/!(routes)/**`,
    from: `${web}/features/*/routes/**`,
    message: "A feature's routes/ sit on top of it: nothing else in the feature imports them (a route hands its children a context type they own).",
  },
  {
    // The photo library's screens: the timeline and the album screens share the grid, the preview and the
    // dialogs beneath them, and never each other.
    target: `${web}/features/photos/!(timeline|albums|routes)/**`,
    from: `${web}/features/photos/{timeline,albums}/**`,
    message: 'The photos screens (timeline/, albums/) build on grid/, preview/ and the dialogs; those never import a screen.',
  },
  {
    target: `${web}/features/photos/timeline/**`,
    from: `${web}/features/photos/albums/**`,
    message: 'The timeline and the album screens share what lies beneath them, never each other.',
  },
  {
    target: `${web}/features/photos/albums/**`,
    from: `${web}/features/photos/timeline/**`,
    message: 'The album screens and the timeline share what lies beneath them, never each other.',
  },
  ...foldersIn(`${web}/features`).flatMap((feature) => {
    const inside = `${web}/features/${feature}`;
    return [
      {
        target: `${web}/features/!(${feature})/**`,
        from: `${inside}/**`,
        except: [`${inside}/index.{ts,tsx}`],
        message: `Another feature reaches ${feature} only through features/${feature}/index.ts, never its internals.`,
      },
      {
        target: `${web}/app/**`,
        from: `${inside}/**`,
        except: [`${inside}/index.{ts,tsx}`, `${inside}/routes/**`],
        message: `The app mounts ${feature} through its index.ts or routes/, never its internals.`,
      },
    ];
  }),
];

/** Server: modules meet only through services; platform knows no module; only the composition root wires routes. */
const serverZones = [
  ...foldersIn(`${server}/modules`).map((module) => ({
    target: `${server}/modules/!(${module})/**`,
    from: `${server}/modules/${module}/**`,
    except: [`${server}/modules/${module}/**/*.service.ts`],
    message: `Another module uses ${module} only through its *.service.ts (types included).`,
  })),
  {
    target: `${server}/platform/**`,
    from: `${server}/modules`,
    message: 'platform/ never imports a module: modules build on the platform, not the other way round.',
  },
  {
    target: [`${server}/modules/**`, `${server}/platform/**`],
    from: [`${server}/{app,main}.ts`, `${server}/*-process.ts`],
    message: 'Only the composition roots (app.ts, main.ts, and a job process\'s *-process.ts) wire modules together; nothing imports them.',
  },
  {
    target: [`${server}/modules/**`, `${server}/platform/**`],
    from: `${server}/modules/**/*.routes.ts`,
    message: 'A routes file is transport only and is registered by the composition root: jobs, services and other modules never import one.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', '**/*.tmp.mjs', '**/coverage/**', '**/*.d.ts', 'apps/web/public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: {
      // How import-x reads the files an import leads to (TypeScript among them), so cycles are followed through them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      // An argument kept for its position (or to say what a callback receives) is named with a leading _.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A test helper outside the compiled tree carries its module declaration with it (see apps/server/src/dev/s3-stand-in.ts).
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'never' }],
    },
  },
  {
    // The zones guard what ships. Tests arrange their fixtures through whichever module owns the data
    // (a customer row for an identity test), so they may reach past a service; cycles still count.
    files: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**', 'apps/web/e2e/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // The web names articles from the merchandise catalogue (decision 112): the contracts' copy of the titles stays out of its bundle.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shoebox/contracts',
              importNames: ['ARTICLES', 'articleTitle', 'findArticle'],
              message: 'Read article titles and kinds from the catalogue (useCatalogue in src/api/storefront/get-catalogue.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // vi.waitFor gives up after 1 s, a clock sized for an idle machine: the web tests wait with the suite's timeout.
    // A timeout written as a number in a test is such a clock too (5 s failed a route's first render in CI).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'vi', property: 'waitFor', message: 'Use waitForCondition from src/test/wait.ts: it waits as long as the find* queries do.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='timeout'] > Literal",
          message: "Leave the timeout out: the suite's (CONDITION_TIMEOUT_MS for conditions, testTimeout for tests) is sized for a busy machine, and a passing test never waits it out.",
        },
      ],
    },
  },
  {
    // The same clock in the server's tests: a child process under load takes seconds to start or end.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'vi', property: 'waitFor', message: 'Use waitForCondition from src/test/wait.ts: vi.waitFor gives up after 1 s.' }],
    },
  },
  {
    // Plain scripts run on Node; the benches also hand functions to the browser (page.evaluate).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A CommonJS script (the server's start, which must compile the bundle itself: decision 093).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['bench/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
