import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layering of CONVENTIONS.md as lint rules, for a tree rooted at `root` (the repository, or the
 * fixture tree that tests/lint/layering.test.ts lints to prove the rules are live):
 * app → features/* → components, lib; a feature imports only itself, components, lib (and the test
 * helpers in src/test); components, lib and src/test import no feature and not app; src never imports
 * scripts; no cycles. Zones are built from the folders in src/features, so a new feature is covered
 * without touching this file.
 */
function layering(root, tsconfig) {
  const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src',
      except: [`./features/${feature}`, './components', './lib', './test'],
      message: `A feature imports only itself, src/components and src/lib; move what "${feature}" shares down into src/lib or src/components.`,
    })),
    {
      target: ['./src/lib', './src/components', './src/test'],
      from: ['./src/features', './src/app'],
      message: 'src/lib and src/components are below the features and app: they import neither.',
    },
    {
      target: './src',
      from: './scripts',
      message: 'The app never imports the Node scripts (local stack, tooling).',
    },
  ];
  return {
    plugins: { 'import-x': importX },
    settings: {
      // Parse .ts/.tsx dependencies (no-cycle follows them) with the TypeScript parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, tsconfig) }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Cycles through packages are not ours to fix, and following them costs most of the time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.local',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      'src/lib/database.types.ts',
      // Deliberate layering violations, linted only by tests/lint/layering.test.ts.
      'tests/lint-fixtures',
    ],
  },
  js.configs.recommended,
  {
    // Type-aware rules for the app.
    files: ['src/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // Label/control association is done by htmlFor + id (see FormField); nesting is not required.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either' }],
    },
  },
  {
    // Node-side TypeScript (configs, scripts, tests): recommended rules without type information.
    files: ['*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'supabase/functions/**/*.ts'],
    extends: [...tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    ...layering(import.meta.dirname, 'tsconfig.app.json'),
  },
  {
    // The first load is budgeted (docs/performance.md): src/lib/supabase.ts is built on auth-js and
    // postgrest-js, and every module toasts through src/lib/toast.ts, which loads sonner on the
    // first toast (a route that imported sonner would download and run it before its first paint).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/components/ui/toaster.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              allowTypeImports: true,
              message:
                'Use the client of src/lib/supabase.ts (supabase-js would bring realtime, storage and functions into the first load).',
            },
            {
              name: 'sonner',
              allowTypeImports: true,
              message: 'Toast through src/lib/toast.ts (sonner loads on the first toast).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/lint-fixtures/**/*.ts'],
    ...layering(path.join(import.meta.dirname, 'tests/lint-fixtures'), 'tsconfig.json'),
  },
);
