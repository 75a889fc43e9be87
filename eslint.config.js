// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Modules the pure core must never reach for: it runs unchanged in the browser and in Node. */
const impureForShared = [
  {
    group: ['react', 'react-*', 'react/*', '@chakra-ui/*', '@tanstack/*'],
    message: 'shared/ is pure: no React.',
  },
  {
    group: [
      'ws',
      'node:*',
      'fs',
      'path',
      'http',
      'https',
      'crypto',
      'os',
      'better-sqlite3',
      'pg',
      'better-auth',
      'better-auth/*',
    ],
    message: 'shared/ is pure: no Node, sockets or storage.',
  },
  {
    group: [
      '**/src/**',
      '**/server/**',
      '../src/*',
      '../server/*',
      '../../src/*',
      '../../server/*',
    ],
    message: 'shared/ imports nothing from src/ or server/.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'test-results',
      'playwright-report',
      'data',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', { patterns: impureForShared }],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'indexedDB',
        'process',
        'Buffer',
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'shared/ never reads the clock: take the date as an argument.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'shared/ never reads the clock: take the time as an argument.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '../server/*', 'ws', 'node:*', 'better-sqlite3'],
              message: 'The app does not import server code.',
            },
          ],
        },
      ],
    },
  },
)
