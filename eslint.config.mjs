import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import typescript from 'typescript-eslint';
import { featureOrderZones, featureZones, floorZones } from './eslint.floors.mjs';

/*
 * npm run lint (and npm test): ESLint's recommended rules, Next.js's (React, hooks, accessibility,
 * Core Web Vitals), typescript-eslint's recommended rules, and the floors of eslint.floors.mjs as
 * import zones. Formatting is Prettier's (npm run format), not the linter's.
 */
export default defineConfig([
  js.configs.recommended,
  ...nextVitals,
  ...typescript.configs.recommended,
  { name: 'disables', linterOptions: { reportUnusedDisableDirectives: 'error' } },
  globalIgnores(['.next/**', '.next-*/**', 'out/**', 'var/**', 'public/**', 'coverage/**', 'test-results*/**', 'playwright-report/**', 'blob-report/**', 'next-env.d.ts']),
  {
    name: 'house',
    rules: {
      // A leading underscore names what is left out on purpose: a field dropped from a rest copy, an unused argument.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // The site writes <img> with next/image's attributes itself (components/ui/site-image.tsx), so that no page ships next/image's client runtime.
      '@next/next/no-img-element': 'off',
      // The sanitizers and the data checks match control characters on purpose, to refuse or strip them.
      'no-control-regex': 'off',
    },
  },
  {
    name: 'tests and tools',
    files: ['tests/**', 'scripts/**', 'tooling/**', 'demo-data/**'],
    rules: {
      // Playwright's fixtures call `use`, and test helpers are named use…: neither is a React hook.
      'react-hooks/rules-of-hooks': 'off',
      // Playwright reads a fixture's dependencies from its first parameter, so a fixture that needs none writes `{}`.
      'no-empty-pattern': 'off',
      // Guards Next.js's bundles against a `module` variable; tests and tools are not bundled.
      '@next/next/no-assign-module-variable': 'off',
    },
  },
  {
    name: 'floors',
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...floorZones(), ...featureOrderZones(), ...featureZones()] }],
    },
  },
]);
