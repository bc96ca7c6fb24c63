import { existsSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import cairn from './scripts/lint/boundaries.js'

const noElectron = {
  paths: [
    {
      name: 'electron',
      message:
        'Services and shared code stay plain Node/TypeScript: pass Electron things in from src/main.'
    }
  ],
  patterns: [{ group: ['electron/*'], message: 'Services and shared code never import electron.' }]
}

// One room talks to the MCP SDK (issue 37), so a move to the SDK's v2 packages touches only it.
const mcpSdk = {
  group: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
  message:
    'Only src/main/services/mcp imports the MCP SDK: use its hub (one room to change for the SDK v2).'
}

// The layering the design fixes (docs: design.md, "Floors of the memory wing"); a crossing fails lint.
// Tests are exempt: they wire real rooms together on purpose.
const layers = [
  {
    from: 'src/main/services/chat',
    to: ['src/main/services/memory'],
    except: [
      'src/main/services/memory',
      'src/main/services/memory/index',
      'src/main/services/memory/service'
    ],
    message: 'chat uses memory only through memory/service.ts (or memory/index.ts).'
  },
  {
    from: 'src/main/services/sync',
    to: ['src/main/services/memory'],
    except: [
      'src/main/services/memory',
      'src/main/services/memory/index',
      'src/main/services/memory/service'
    ],
    message: 'sync uses memory only through memory/service.ts (or memory/index.ts).'
  },
  {
    from: 'src/main/services/backup',
    to: ['src/main/services/memory'],
    except: [
      'src/main/services/memory',
      'src/main/services/memory/index',
      'src/main/services/memory/service'
    ],
    message: 'backup uses memory only through memory/service.ts (or memory/index.ts).'
  },
  {
    from: 'src/main/services/tidy',
    to: ['src/main/services/memory'],
    except: [
      'src/main/services/memory',
      'src/main/services/memory/index',
      'src/main/services/memory/service'
    ],
    message: 'tidy uses memory only through memory/service.ts (or memory/index.ts).'
  },
  {
    from: 'src/renderer',
    to: ['src/main'],
    message: 'the renderer reaches main only through window.cairn and src/shared.'
  },
  {
    from: 'src/main/services',
    to: ['src/main/ipc', 'src/main/platform'],
    message: 'services stay plain Node: ipc/ and platform/ call them, never the other way round.'
  }
]

// The memory wing's floors (docs/architecture.md): a room imports only from its own floor or below.
const MEMORY_FLOORS = [
  ['core'],
  ['jail'],
  ['ledger'],
  ['kernel'],
  ['caps', 'expiry', 'secret-guard', 'outside'],
  ['commands'],
  ['inspector', 'history'],
  ['engine'],
  ['store']
]
const memoryRoom = (room) => `src/main/services/memory/${room}`
for (const [level, rooms] of MEMORY_FLOORS.entries()) {
  const above = MEMORY_FLOORS.slice(level + 1)
    .flat()
    .map(memoryRoom)
  if (above.length === 0) continue
  for (const room of rooms)
    layers.push({
      from: memoryRoom(room),
      to: above,
      message: `memory/${room} may import only from its own floor or the floors below it (docs/architecture.md).`
    })
}

// The chat engine's floors (docs/architecture.md), as memory's: no floor imports one above it.
const CHAT_FLOORS = [
  ['stream', 'attachments'],
  ['conversations'],
  ['api'],
  ['models', 'thinking', 'approvals', 'projects'],
  ['tools'],
  ['frame'],
  ['turn'],
  ['titles', 'calls']
]
const chatRoom = (room) => `src/main/services/chat/${room}`
for (const [level, rooms] of CHAT_FLOORS.entries()) {
  const above = CHAT_FLOORS.slice(level + 1)
    .flat()
    .map(chatRoom)
  if (above.length === 0) continue
  for (const room of rooms)
    layers.push({
      from: chatRoom(room),
      to: above,
      message: `chat/${room} may import only from its own floor or the floors below it (docs/architecture.md).`
    })
}

// createServices only wires: a service with an entry (its folder's index.ts) is reached through it,
// never through its rooms, so a policy that belongs inside a service cannot grow in the wiring.
const SERVICES_WITH_ENTRY = [
  'backup',
  'chat',
  'forget',
  'mcp',
  'memory',
  'memory-spaces',
  'projects',
  'sync',
  'tidy',
  'updates'
]
// The wiring's groups (services/wiring/) are part of createServices and keep the same rule.
for (const from of ['src/main/services/index.ts', 'src/main/services/wiring'])
  for (const service of SERVICES_WITH_ENTRY) {
    const folder = `src/main/services/${service}`
    layers.push({
      from,
      to: [folder],
      except: [folder, `${folder}/index`],
      message: `services/index.ts and wiring/ wire ${service} through ${service}/index.ts only: what they need from inside belongs in ${service}.`
    })
  }

// src/shared's floors, lowest first: a file imports only from its own floor or below. The
// foundations are the settings and the ids every room names; app/ (links into chats and memory,
// quick ask, the app's own channels) sits above the rooms it links into; the contract on top.
const SHARED_FLOORS = [
  [
    'errors',
    'no-input',
    'sizes',
    'control-names',
    'app/accelerator',
    'app/links',
    'app/updates',
    'app/web-domains',
    'mcp/server-id'
  ],
  ['app/settings', 'words'],
  ['memory'],
  ['models', 'chat'],
  ['mcp'],
  ['app'],
  ['contract', 'bridge']
]
const sharedRoom = (room) => `src/shared/${room}`
// A room is a folder or one file; a file's imports are checked under its own name.
const sharedFrom = (room) =>
  existsSync(join(import.meta.dirname, `${sharedRoom(room)}.ts`))
    ? `${sharedRoom(room)}.ts`
    : sharedRoom(room)
for (const [level, rooms] of SHARED_FLOORS.entries()) {
  const above = SHARED_FLOORS.slice(level + 1)
    .flat()
    .map(sharedRoom)
  // A folder above may hold a file room at or below this floor (app/ holds app/settings).
  const below = SHARED_FLOORS.slice(0, level + 1)
    .flat()
    .map(sharedRoom)
  if (above.length === 0) continue
  for (const room of rooms)
    layers.push({
      from: sharedFrom(room),
      to: above,
      except: below,
      message: `shared/${room} may import only from its own floor or the floors below it (docs/architecture.md).`
    })
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-artifacts/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // Everything outside services/ (main's glue, preload, scripts, benches, specs): no MCP SDK.
    files: [
      'src/main/**/*.ts',
      'src/preload/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'e2e/**/*.ts'
    ],
    // The MCP bench's baseline is the bare SDK client, on purpose (kept in its rig).
    ignores: ['src/main/services/**', 'bench/mcp-rig.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [mcpSdk] }] }
  },
  {
    // The seam the design fixes: only index.ts, window.ts, ipc/ and platform/ touch Electron.
    files: ['src/main/services/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}'],
    ignores: ['src/main/services/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...noElectron, patterns: [...noElectron.patterns, mcpSdk] }
      ]
    }
  },
  {
    files: ['src/main/services/mcp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noElectron] }
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests and the renderer's test fakes (src/renderer/src/test) are held to what tests are.
    ignores: ['**/__tests__/**', '**/*.test.{ts,tsx}', 'src/renderer/src/test/**'],
    plugins: { cairn },
    rules: {
      'cairn/boundaries': ['error', ...layers],
      // A room a reader can hold: split one with two jobs long before it reaches this.
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      // A function that says one thing: split by what a reader would name (a hook per concern, a
      // component per visible part, a sub-factory per job), never a disable. 267 before issue 40's
      // splits; lower it as the longest (renderer components) are split further.
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer reaches main only through window.cairn.' }
          ],
          patterns: [{ group: ['node:*'] }, mcpSdk]
        }
      ]
    }
  }
)
