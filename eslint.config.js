import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ─── Web layers (apps/web/src) ────────────────────────────────────────────────────────────────────────────────
// Imports point one way: app → features → components → api → state; lib and i18n are leaves any layer may use.
//   lib/, i18n/     import no other folder of the site (pure helpers; the i18n instance and every text)
//   state/          the zustand stores (session, system status, ui): lib/ and i18n/ only
//   api/            the only code that knows URLs: state/, lib/, i18n/
//   components/     shared UI and the form kit: api/, state/, lib/, i18n/ — never features/ or app/
//   features/<x>/   components/, state/, api/, lib/, i18n/ and its own folder — never app/ or another feature
//   app/            composes everything: boot, routes, layout, and the page registry (app/member-pages.tsx),
//                   the only place where one feature's page is shown inside another's (passed down as a prop)
const WEB = 'apps/web/src';
const above = (...folders) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message: `apps/web layers point one way (see eslint.config.js and apps/web/README.md): no import of ${folders.join(', ')} from here.`,
});
const notAdmin = {
  regex: '^(\\.\\./)+admin/',
  message: 'The player site does not import the back office (apps/web/src/admin is its own entry).',
};
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webLayers = [
  {
    files: [`${WEB}/lib/**`, `${WEB}/i18n/**`],
    patterns: [above('app', 'features', 'components', 'api', 'state', 'lib', 'i18n')],
  },
  { files: [`${WEB}/state/**`], patterns: [above('app', 'features', 'components', 'api')] },
  { files: [`${WEB}/api/**`], patterns: [above('app', 'features', 'components')] },
  { files: [`${WEB}/components/**`], patterns: [above('app', 'features')] },
  ...webFeatures.map((name) => ({
    files: [`${WEB}/features/${name}/**`],
    patterns: [
      above('app', 'features'),
      {
        // From features/<name>/…, "../<other>/" is another feature: go through components/ (shared parts) or the
        // app's route table and page registry (pages) instead.
        regex: `^(\\.\\./)+(${webFeatures.filter((f) => f !== name).join('|')})/`,
        message: `features/${name} may not import another feature: move the shared part to components/ or lib/, or compose in app/.`,
      },
    ],
  })),
].map(({ files, patterns }) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, notAdmin] }] },
}));

// ─── Back-office layers (apps/web/src/admin: its own entry, admin.html) ──────────────────────────────────────
// The same one-way rule inside the back office (app → features → components → api → state; lib and i18n leaves),
// and it never imports the player site's folders (nor they it): the two apps share only packages/contracts.
const ADMIN = `${WEB}/admin`;
const leaveAdmin = (depth, allow = '') => ({
  regex: `^(\\.\\./){${depth},}(?!${allow || '$^'})`,
  message: 'The back office (apps/web/src/admin) imports none of the player site: share through packages/contracts.',
});
const adminFeatures = readdirSync(new URL(`./${ADMIN}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const adminLayers = [
  {
    files: [`${ADMIN}/{lib,i18n}/*`],
    patterns: [leaveAdmin(2), above('app', 'features', 'components', 'api', 'state')],
  },
  { files: [`${ADMIN}/state/*`], patterns: [leaveAdmin(2), above('app', 'features', 'components', 'api')] },
  { files: [`${ADMIN}/api/*`], patterns: [leaveAdmin(2), above('app', 'features', 'components')] },
  { files: [`${ADMIN}/components/*`], patterns: [leaveAdmin(2), above('app', 'features')] },
  { files: [`${ADMIN}/components/*/**`], patterns: [leaveAdmin(3), above('app', 'features')] },
  { files: [`${ADMIN}/app/*`, `${ADMIN}/main.tsx`], patterns: [leaveAdmin(2)] },
  // The test helpers share the web workspace's msw server (src/test/server.ts).
  { files: [`${ADMIN}/test/*`], patterns: [leaveAdmin(2, 'test/')] },
  ...adminFeatures.map((name) => ({
    files: [`${ADMIN}/features/${name}/**`],
    patterns: [
      leaveAdmin(3),
      above('app'),
      {
        regex: `^\\.\\./(${adminFeatures.filter((f) => f !== name).join('|') || '$^'})/`,
        message: `admin features/${name} may not import another feature: move the shared part to components/ or lib/.`,
      },
    ],
  })),
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));
// ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

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
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `import { type A } from 'x'` keeps `import 'x'` in the bundle: with '@sea/contracts' that loaded zod and
      // every schema on the home page. Types only → `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
    languageOptions: { globals: globals.browser },
  },
  ...webLayers,
  ...adminLayers,
  { files: ['**/*.mjs', '**/*.js', 'scripts/**'], languageOptions: { globals: globals.node } },
  // The demo vendor's game page script runs in the browser (served by its module).
  { files: ['apps/server/src/modules/demo-vendor/assets/**/*.js'], languageOptions: { globals: globals.browser } },

  // ---- Files a person can hold in their head (issue 26): non-test source stops at 500 lines; split a longer one
  // along its own parts. Tests and the texts of the locales are lists, not logic, and are excepted.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'e2e/tests/**',
      'apps/web/src/i18n/locales/**',
      'apps/web/src/i18n/play/**',
      'apps/web/src/admin/i18n/*.ts',
    ],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },

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
