// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = path.resolve('apps/web/src/features');
const featureNames = (() => {
  try {
    return readdirSync(webFeatures, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * Import boundaries (bulletproof-react): a feature never imports another feature; the shared
 * layers never import features or the app shell; packages/shared never imports an app.
 */
const boundaryZones = [
  ...featureNames.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'Features do not import each other: move what both need to src/shared.',
  })),
  {
    target: './apps/web/src/shared',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'src/shared never imports features or the app shell.',
  },
  {
    target: './packages/shared',
    from: ['./apps'],
    message: 'The contract package never imports from the apps.',
  },
  // The server's layers (ARCHITECTURE.md): domain ← db, http ← features ← services.ts/app.ts.
  {
    target: './apps/server/src/domain',
    from: ['./apps/server/src/db', './apps/server/src/http', './apps/server/src/features'],
    message: 'domain/ holds the types and errors every layer shares: it imports no layer.',
  },
  {
    target: ['./apps/server/src/db', './apps/server/src/http'],
    from: './apps/server/src/features',
    message: 'db/ and http/ are plumbing: they never import a feature (app.ts wires them together).',
  },
];

/**
 * The web's one data layer: only a feature's `api/` folder talks to the server. Elsewhere a
 * file may not import the http client nor take `http` from useServices(); error classes
 * (ApiError…) stay importable, since screens show errors.
 */
const httpClientOutsideApi = {
  imports: {
    group: ['**/shared/http', '**/shared/http/client'],
    importNames: ['createHttpClient', 'HttpClient'],
    message: "Only a feature's api/ folder talks to the server: add a query or mutation hook there.",
  },

  syntax: [
    {
      selector:
        "VariableDeclarator[init.callee.name='useServices'] > ObjectPattern > Property[key.name='http']",
      message: "Only a feature's api/ folder talks to the server: add a query or mutation hook there.",
    },
    {
      selector: "MemberExpression[object.callee.name='useServices'][property.name='http']",
      message: "Only a feature's api/ folder talks to the server: add a query or mutation hook there.",
    },
  ],
};

/**
 * SQL lives in repositories only, and a feature never reaches into another feature's
 * repository: it asks that feature's service (ARCHITECTURE.md, "Where code lives").
 */
const serverImportRules = {
  sqlOnlyInRepositories: {
    group: [
      'drizzle-orm',
      'drizzle-orm/*',
      'pg',
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      '**/db/schema',
      '**/db/database',
      '**/db/prepared',
      '**/db/caller-session',
    ],
    allowTypeImports: true,
    message:
      "SQL and the database live in *.repository.ts files only: call the feature's repository from its service.",
  },
  ownRepositoryOnly: {
    group: ['../*/*.repository', '../../features/*/*.repository'],
    message: "A feature never imports another feature's repository: call that feature's service.",
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'apps/web/scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'],
        },
      },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-self-import': 'error',
      // Fastify hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify and React Router accept promises from these callbacks on purpose.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      // Tests assert on shapes they just checked; the non-null assertions read better there.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `inject(...).json()` is untyped by design; the assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [serverImportRules.sqlOnlyInRepositories, serverImportRules.ownRepositoryOnly] },
      ],
    },
  },
  {
    files: ['apps/server/src/features/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [serverImportRules.ownRepositoryOnly] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/*/api/**',
      'apps/web/src/app/services.ts',
      '**/*.test.{ts,tsx}',
      '**/test/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [httpClientOutsideApi.imports] }],
      'no-restricted-syntax': ['error', ...httpClientOutsideApi.syntax],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
