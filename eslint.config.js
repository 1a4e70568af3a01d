// The checks a maintained codebase runs (`npm run lint`, part of `npm test`): type-aware
// typescript-eslint, React's hook rules, accessibility in JSX, no Swedish text written inside
// JSX (it belongs in a feature's texts.ts, so every message has one home), and the import
// boundaries of docs/architecture.md's folder table. Formatting is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The features are the folders under ui/features, read here so that a new feature is guarded by
// the zones below the day it is created (the hand-kept list this replaced had missed `accounts`
// and `vip-unsubscribe`). Everything else in ui/ but the pages (which compose features) is shared
// UI code, read the same way: ui/components, ui/lib, ui/state, ui/styles, ui/public and the files.
const folder = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true });
const features = folder('./ui/features')
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedUi = folder('./ui')
  .map((entry) => entry.name)
  .filter((name) => name !== 'features' && name !== 'pages');

// A letter in JSX text or in a text-bearing attribute is UI copy: it lives in texts.ts.
const letters = '/[A-Za-zÅÄÖåäöÉé]/';
const textAttributes = '/^(aria-label|aria-description|title|placeholder|alt)$/';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', '.node/**', 'test/push/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The two config files sit outside both tsconfigs; they are checked with defaults.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'ui/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Our imports name the emitted `.js`; the sources are `.ts`/`.tsx`.
      'import-x/resolver-next': [
        createNodeResolver({
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
        }),
      ],
      // The files import-x reads to follow imports (no-cycle): without .ts/.tsx it skips our
      // sources and would see no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Off: our ports are async by contract (EventStore, DocumentStore, KeyStore, Fastify's
      // plugins), and an adapter over a synchronous engine (better-sqlite3) implements them as
      // async functions without an await; the rule would have us break the port's shape.
      '@typescript-eslint/require-await': 'off',
      // A function or component longer than a screenful or three does more than one thing: split
      // it by meaning into named functions, hooks or components (issue 47 brought every one
      // under this bound; tests, whose describe blocks read as one story, are exempt below).
      'max-lines-per-function': ['error', { max: 150, IIFEs: true }],
      // A cycle between files makes load order matter and hides which module owns what.
      // ignoreExternal: packages cannot import our files, so the walk stops at node_modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./api', './read-models', './projections', './ui', './scripts', './test', './deploy'],
              message: 'domain/ is pure: it imports nothing outside domain/.',
            },
            {
              target: ['./read-models', './projections'],
              from: ['./api', './ui', './scripts'],
              message: 'read-models/ and projections/ never import the api or the ui.',
            },
            {
              target: './read-models',
              from: './projections',
              message: 'read-models/ imports only domain/ (docs/architecture.md).',
            },
            {
              target: './ui',
              from: ['./api', './read-models', './projections', './scripts'],
              message: 'The UI imports only domain/ of the server code (docs/architecture.md).',
            },
            ...features.map((feature) => ({
              target: `./ui/features/${feature}`,
              from: './ui/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature: share through ui/components, ui/lib or domain/.',
            })),
            {
              // Shared UI code serves every feature, so it never depends on one; only the pages
              // (ui/pages) compose features.
              target: sharedUi.map((name) => `./ui/${name}`),
              from: './ui/features',
              message:
                'Shared UI code (ui/components, ui/lib, ui/state, …) imports no feature: move what is shared out of the feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXText[value=${letters}]`,
          message: "UI text belongs in the feature's texts.ts (or ui/lib/texts.ts), not written inside JSX.",
        },
        {
          selector: `JSXExpressionContainer > Literal[value=${letters}]`,
          message: "UI text belongs in the feature's texts.ts (or ui/lib/texts.ts), not written inside JSX.",
        },
        {
          selector: `JSXAttribute[name.name=${textAttributes}] > Literal[value=${letters}]`,
          message: "UI text belongs in the feature's texts.ts (or ui/lib/texts.ts), not written inside JSX.",
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // Off in tests only: they read JSON answers (fetch's json() is `any`) and check them with
      // expect; the answers' shapes are checked against their zod schemas and the OpenAPI
      // document by test/api/answers.test.ts and openapi.test.ts, not by types here.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      'max-lines-per-function': 'off',
    },
  },
  {
    files: ['ui/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
