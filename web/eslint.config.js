// ESLint flat config: typescript-eslint strict (type-checked) for the app, React hooks rules
// (with the React Compiler's checks), react-refresh for modules that export components.
// Generated wire types (src/generated) are left alone.

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'test-output', 'src/generated']),
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and other primitives in template strings are fine (`共 ${n} 条`).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // A promise handed to an event handler is deliberate; `void` marks the others.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `onClick={() => setOpened(false)}` is the common shape of a handler.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests and test helpers export helpers next to components and use non-null assertions on
    // what they have just checked.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/**/test-helpers.{ts,tsx}'],
    rules: {
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Test doubles implement async interfaces with plain `async () => value`.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['e2e/**/*.mjs', '*.js', '*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.node, ...globals.browser } },
  },
]);
