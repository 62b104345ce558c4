// Lint rules: typescript-eslint's type-aware recommended set, plus the project's own boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layerConfigs } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'renderer/dist/**',
      'release/**',
      'coverage/**',
      'bench/.data/**',
      '.ci/out/**',
    ],
  },
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
  // Where each folder may import from (eslint.layers.js), and the packages only one module may load.
  ...layerConfigs(),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['renderer/build.mjs', 'server/**/*.mjs', 'bench/**/*.js', 'bench/**/*.mjs', '.github/scripts/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['bench/**', 'test/**', '.ci/**', '.github/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
