import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import drizzle from 'eslint-plugin-drizzle'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'
import serverLayers from './eslint/server-layers.mjs'

const frameworkImports = [
  { group: ['next', 'next/*', 'react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/server is framework-free: it must not import Next or React.' },
  { group: ['@/app/*', '@/web/*', '@/components/*', '@/client/*'], message: 'src/server must not depend on the web or UI layers.' },
  // The same across layers by a relative path ('../../web/x' from src/server): no folder below src/ repeats a layer's name.
  { regex: String.raw`^(\.\./)+(app|web|components|client)(/|$)`, message: 'src/server must not depend on the web or UI layers.' },
]

export default tseslint.config(
  {
    ignores: ['.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/.out/**'],
  },
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { drizzle },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/server/**', 'src/isomorphic/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: frameworkImports }] },
  },
  {
    files: ['src/isomorphic/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkImports,
            { group: ['@/server/*', 'node:*'], message: 'src/isomorphic runs in the browser too: pure code only.' },
            { regex: String.raw`^(\.\./)+server(/|$)`, message: 'src/isomorphic runs in the browser too: pure code only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**', 'src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '@/web/*'], message: 'UI code talks to the server through the API or props, never by import.' },
            { regex: String.raw`^(\.\./)+(server|web)(/|$)`, message: 'UI code talks to the server through the API or props, never by import.' },
          ],
        },
      ],
    },
  },
  {
    // The storefront's first load carries no zod (issue 28, performance.md P6): its code takes the
    // contract's types, and its rules from the zod-free plain-rules.ts, never a schema. The console
    // builds the contract's schemas in the browser and is left out.
    files: ['src/components/**', 'src/client/**'],
    ignores: ['src/components/admin/**', 'src/client/admin/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/isomorphic/contract/*', '!@/isomorphic/contract/plain-rules', 'zod', 'zod/*'],
              allowTypeImports: true,
              message: "The storefront's bundles carry no zod: import the contract's types, or a rule from @/isomorphic/contract/plain-rules.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/components/*', '@/app/*', '@/client/*'], message: 'src/web is glue between Next and the core only.' },
            { regex: String.raw`^(\.\./)+(components|app|client)(/|$)`, message: 'src/web is glue between Next and the core only.' },
          ],
        },
      ],
    },
  },
  {
    // No file import cycle anywhere in the project (decision 018).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // src/server's inner direction (decision 018): leaves ← domains ← API registries, no folder cycles.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'server-layers': serverLayers },
    rules: { 'server-layers/server-layers': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
)
