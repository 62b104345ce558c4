// Lint rules: typescript-eslint's type-aware recommended set, plus the project's own boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'renderer/dist/**', 'release/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'renderer/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    // Only main/ may load Electron; only the db module may load better-sqlite3; only the renderer backend
    // may load playwright-core. The server never imports Koa from domain code.
    files: ['server/**/*.ts', 'test/**/*.ts', 'bench/**/*.{ts,js}', 'renderer/**/*.{ts,tsx}'],
    ignores: ['server/db/connection.ts', 'server/render/chromium.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only main/ imports electron.' },
            { name: 'better-sqlite3', message: 'Only server/db/connection.ts imports better-sqlite3.' },
            { name: 'playwright-core', message: 'Only server/render/chromium.ts imports playwright-core.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['renderer/build.mjs', 'server/**/*.mjs', 'bench/**/*.js', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['bench/**', 'test/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
