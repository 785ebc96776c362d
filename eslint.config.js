import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: { globals: globals.browser },
  },
  { files: ['**/*.mjs', '**/*.js', 'scripts/**'], languageOptions: { globals: globals.node } },

  // ---- Server structure (docs/ARCHITECTURE.md): one face per module, one owner per table, layers point one way.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/.*\\.(repository|tables)\\.ts$',
              message:
                "One owner per table: another module's repository and tables are its own. Call that module's face (modules/<name>/index.ts).",
            },
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+',
              message: 'One face per module: import another module only through its modules/<name>/index.ts.',
            },
            {
              regex: '^\\.\\./\\.\\./(app|main|seed-demo)\\.ts$',
              message: 'Modules do not import the composition root.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{http,lib,db,jobs,config}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules/|app\\.ts$|main\\.ts$|seed-demo\\.ts$)',
              message:
                'Layers point one way: the route kit (http/), lib/, db/, jobs/ and config/ sit below the modules and import none of them.',
            },
          ],
        },
      ],
    },
  },
);
