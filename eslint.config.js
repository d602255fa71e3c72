import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Web layers (docs/web.md, "Layers"): app -> features -> components -> lib (with i18n) -> contract.
const WEB = 'apps/web/src';
const WEB_FEATURES = fs.readdirSync(`${WEB}/features`);
const OPS = `${WEB}/ops`;
const OPS_FEATURES = fs.readdirSync(`${OPS}/features`);
const webLayer = (target, from, message) => ({ target, from, message });

/** Import rules of a file inside apps/server/src/modules/<area>/ (tables files may also reach other tables). */
const serverModulePatterns = (tables) => [
  {
    group: ['../*/*', '!../*/index.ts', ...(tables ? ['!../*/*.tables.ts'] : []), '!../../*', '!../../**'],
    message: 'another module only through its front door (../<area>/index.ts): its tables and files are its own',
  },
  {
    group: ['**/plugins/*'],
    message: 'modules do not import plugins: errors from src/errors.ts, the caller (Actor) from src/actor.ts',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Import direction and no cycles in the web app, whether imported by `@/` or by a relative path.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      // Type-only imports vanish at run time, but a cycle of types is still a tangle of two modules: counted too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            webLayer(
              'apps/web',
              'apps/server',
              'the web app talks to the server over HTTP, types come from the contract',
            ),
            webLayer(
              [`${WEB}/lib`, `${WEB}/i18n`],
              [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`, `${WEB}/main.tsx`, OPS],
              'lib and i18n are the bottom layer: they import no component, feature or app module',
            ),
            webLayer(
              `${WEB}/components`,
              [`${WEB}/features`, `${WEB}/app`, `${WEB}/main.tsx`, OPS],
              'components are shared by features: they import no feature or app module',
            ),
            // The operator console (src/ops, entry ops-main.tsx) and the portal are separate apps of one build: neither
            // loads the other's pages (docs/web.md, "The operator console").
            webLayer(
              [`${WEB}/app`, `${WEB}/features`, `${WEB}/main.tsx`, `${WEB}/pay-main.tsx`],
              [OPS, `${WEB}/ops-main.tsx`],
              "the merchant portal never loads the operator console's code",
            ),
            {
              target: [OPS, `${WEB}/ops-main.tsx`],
              from: `${WEB}/app`,
              except: ['./providers.tsx', './theme.ts'],
              message: "the console shares only the portal's providers and theme, not its routes, layouts or pages",
            },
            {
              target: OPS,
              from: `${WEB}/features`,
              // Names and tags of the business's values (statuses, fields, channels) in both languages: one text.
              except: [
                './onboarding/i18n.ts',
                './onboarding/strings.zh-CN.ts',
                './onboarding/strings.en-US.ts',
                './onboarding/components/status-tag.tsx',
                './merchant/i18n.ts',
                './merchant/components/status-tag.tsx',
                './split/i18n.ts',
              ],
              message: "the console takes only the portal's strings and status tags, never its pages or API files",
            },
            ...OPS_FEATURES.map((feature) => ({
              target: `${OPS}/features/${feature}`,
              from: `${OPS}/features`,
              except: [`./${feature}`],
              message: "the console's features do not import each other; ops/app composes them",
            })),
            webLayer(`${OPS}/components`, [`${OPS}/features`, `${OPS}/app`], 'ops components import no feature or app'),
            webLayer(
              `${WEB}/features`,
              [`${WEB}/app`, `${WEB}/main.tsx`],
              'features do not import app/: app/ composes them',
            ),
            ...WEB_FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'features do not import each other; app/ composes them',
            })),
          ],
        },
      ],
    },
  },
  {
    // No import cycles on the server and in the contract either (type-only imports count: a tangle is a tangle).
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The sandbox wing (docs/decisions.md, "The sandbox wing") uses the modules; no module leans on it.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/modules',
              from: 'apps/server/src/sandbox',
              message: 'modules do not import the sandbox wing: a channel is reached through its port (ModuleContext)',
            },
          ],
        },
      ],
    },
  },
  {
    // Server modules (docs/decisions.md, "Adding a domain"): another module only through its front door
    // (index.ts); no plugins (errors come from src/errors.ts, the caller from src/actor.ts); services know no HTTP.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverModulePatterns(false) }] },
  },
  {
    // A table may reference another module's table (a foreign key is part of the schema); code never queries it.
    files: ['apps/server/src/modules/**/*.tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverModulePatterns(true) }] },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.ops.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverModulePatterns(false),
            { group: ['fastify'], message: 'services take (db, actor, input): no FastifyRequest below the routes' },
          ],
        },
      ],
    },
  },
  {
    // The app, plugins, ops and the sandbox wing (with the demo seed) reach modules through their front doors too.
    files: ['apps/server/src/*.ts', 'apps/server/src/{plugins,ops,db,i18n,sandbox}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/*/*', '!**/modules/*/index.ts'],
              message: 'a module is used through its front door (modules/<area>/index.ts), never its files',
            },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'apps/server/src/server.ts', 'apps/server/src/ops/**'], rules: { 'no-console': 'off' } },
);
