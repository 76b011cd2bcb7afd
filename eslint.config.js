import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * The code's boundaries (README "Layout"), enforced here. Project modules are imported only through
 * #client/*, #server/*, #shared/* (and #tests/* in tests), never by a relative path, so that a rule on
 * the import's name sees every import:
 *   - src/shared is imported by both sides: no Node, server, client or UI imports;
 *   - the client never imports the server, the server never imports the client (the server renderer
 *     is loaded from dist/ by its contract in #shared/contract/server-render-state);
 *   - a feature (src/client/features/<name>) never imports another feature;
 *   - components/ and api/ are shared by the features: they import neither a feature nor app/.
 * (Patterns on #-names are regular expressions: in the gitignore-style `group` a leading # starts a comment.)
 * Later blocks replace a rule's options for the files they match, so each block lists all that applies.
 */
/**
 * The contract modules that build TypeBox schemas when they load. The browser imports only their types:
 * a value import would bring TypeBox (37 KiB gzipped) into the entry chunk, as ACTING_USER_HEADER once
 * did. Values the browser needs live in modules without schemas (e.g. #shared/contract/vet-record-values).
 */
const SCHEMA_MODULES = fs
  .readdirSync(new URL('./src/shared/contract', import.meta.url))
  .filter(
    (name) =>
      /\.ts$/.test(name) &&
      !name.endsWith('.test.ts') &&
      fs
        .readFileSync(new URL(`./src/shared/contract/${name}`, import.meta.url), 'utf8')
        .includes("from '@sinclair/typebox'"),
  )
  .map((name) => name.replace(/\.ts$/, ''));
const TYPES_ONLY_FROM_SCHEMAS = [
  'error',
  {
    patterns: [
      {
        regex: `^#shared/contract/(${SCHEMA_MODULES.join('|')})$`,
        allowTypeImports: true,
        message:
          'The browser imports only types from a schema module (it would load TypeBox): take the value from a module without schemas.',
      },
      { regex: '^@sinclair/typebox', allowTypeImports: true, message: 'The browser never loads TypeBox.' },
    ],
  },
];

const FEATURES = fs
  .readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const restrict = (...groups) => ['error', { patterns: [...BASE_PATTERNS, ...groups] }];
const BASE_PATTERNS = [
  {
    group: ['./*', '../*', '!../**/locales/**'],
    message:
      'Import project modules as #client/*, #server/* or #shared/* (one import style; lint reads boundaries from the name).',
  },
  { regex: '^@mui/icons-material$', message: 'Import icons by path: @mui/icons-material/Name.' },
];
const NO_SERVER = { regex: '^#server/', message: 'The client never imports server code.' };
const NO_CLIENT = {
  regex: '^#client/',
  message: 'The server never imports client code: what both sides use lives in src/shared.',
};
const NO_TESTS = { regex: '^#tests/', message: 'Production code never imports test support.' };
const NO_APP_OR_FEATURES = {
  regex: '^#client/(app|features)/',
  message: 'components/ and api/ serve every feature: they import neither a feature nor app/.',
};
const otherFeatures = (feature) => ({
  regex: `^#client/features/(?!${feature}/)`,
  message: `A feature never imports another feature: move what ${feature} shares into components/, api/ or src/shared.`,
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'bench-results',
      'playwright-report',
      'test-results',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // No import circles (docs/decisions/0135): a module never reaches itself through value imports. Type-only
    // imports are not followed (they vanish at run time). Names are resolved through tsconfig.json's paths, which
    // mirror package.json "imports", so #client/*, #server/*, #shared/* and #tests/* are all seen.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict() } },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-imports': restrict(NO_SERVER) },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NO_SERVER, NO_TESTS) },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': TYPES_ONLY_FROM_SCHEMAS },
  },
  {
    // Text people wrote takes its direction from itself through one component, UserText (or USER_TEXT_INPUT in a
    // field), in src/client/components/i18n/bidi.tsx: an ad-hoc dir="auto" missed the line-by-line direction and
    // left other such text unmarked (issue 36, item 8; docs/decisions/0161).
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/components/i18n/bidi.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXAttribute[name.name='dir'] Literal[value='auto'], Property[key.name='dir'] Literal[value='auto']",
          message: 'Show text people wrote with UserText (a field: USER_TEXT_INPUT) from #client/components/i18n/bidi.',
        },
      ],
    },
  },
  {
    files: ['src/client/{components,api}/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NO_SERVER, NO_TESTS, NO_APP_OR_FEATURES) },
  },
  ...FEATURES.flatMap((feature) => [
    {
      files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict(NO_SERVER, otherFeatures(feature)) },
    },
    {
      files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
      ignores: ['src/client/**/*.test.{ts,tsx}'],
      rules: { 'no-restricted-imports': restrict(NO_SERVER, NO_TESTS, otherFeatures(feature)) },
    },
  ]),
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': restrict(NO_CLIENT) } },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(NO_CLIENT, NO_TESTS) },
  },
  {
    // The tests (api, unit, e2e, bench, load, faults and their support) import as src/ does, their own modules as
    // #tests/*; scripts/ has no import name (plain .mjs that node runs), so a test reaches it by its path.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?/(?!\\.\\./scripts/)',
              message:
                'Import test support as #tests/* and project modules as #client/*, #server/* or #shared/* (one import style).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^(node:|#server/|#client/|#tests/|react$|react-dom|@mui/)',
        message: 'src/shared is imported by both sides: no Node, server, client or UI imports.',
      }),
    },
  },
);
