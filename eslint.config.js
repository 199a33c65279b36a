// Lint rules: the recommended sets, plus the few that catch real bugs in async handler code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'packages/sdk/dist/**',
      'packages/sdk/src/generated/**',
      'cdk.out/**',
      '.data/**',
      'coverage/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain Node scripts (benchmark helpers run without a compiler).
  { files: ['**/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
  // CommonJS tool configuration (dependency-cruiser reads .cjs).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  // The examples partners copy run on Node.
  { files: ['examples/**/*.mjs'], languageOptions: { globals: { setImmediate: 'readonly', Buffer: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
);
