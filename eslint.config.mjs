import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import i18n from './scripts/eslint/i18n.mjs'
import layers from './scripts/eslint/layers.mjs'

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'native-electron/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      '.bench/**',
      'src/emulator/assets/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node }
    },
    plugins: { layers },
    rules: {
      'layers/imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/explicit-module-boundary-types': 'off'
    }
  },
  {
    // Text from outside is parsed only by src/shared/json.ts, which bounds depth and size before anything
    // recursive (JSON.stringify, a schema) walks the value (RELIABILITY P3).
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/shared/json.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'JSON', property: 'parse', message: 'Use parseJson/readJson from src/shared/json.ts.' }
      ]
    }
  },
  {
    // The shells carry every command of every window: a promise left floating there, even behind `void`,
    // is a rejection that can end the process (RELIABILITY P3). Each one ends in a handled `.catch`.
    files: ['src/main/web/**/*.ts', 'src/main/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }] }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules }
  },
  {
    // Every word on screen comes from the i18n catalog, JSX or not: a `.ts` file words toasts and labels
    // too, and `calls` are the functions whose arguments people read (the app's toast, the browser's
    // dialogs). A file not yet translated says so in a first-line eslint-disable naming this rule;
    // `git grep 'not yet translated'` lists what is left.
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    plugins: { i18n },
    rules: {
      'i18n/no-literal-text': [
        'error',
        { allow: ['Gateway Studio', 'GS'], calls: ['notify', 'alert', 'confirm', 'prompt'] }
      ]
    }
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked
  }
)
