import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/*
 * Issue 26: the layering is enforced by `npm run lint`. The project's own eslint.config.js lints
 * planted snippets at paths inside the guarded folders (nothing is written to disk): a crossing
 * is reported by cairn/boundaries, the allowed import is not.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function crossings(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'cairn/boundaries')
    .map((message) => message.message)
}

describe('lint boundary rule', () => {
  test('chat importing a memory internal fails; memory/service.ts and memory/index.ts pass', async () => {
    const chat = 'src/main/services/chat/planted.ts'
    expect(
      await crossings("import { SafeFs } from '../memory/safe-fs'\nexport type Fs = SafeFs\n", chat)
    ).toEqual([expect.stringContaining('chat uses memory only through memory/service.ts')])
    expect(
      await crossings(
        "import { create } from '../../memory/commands/create'\nexport { create }\n",
        'src/main/services/chat/attachments/planted.ts'
      )
    ).toHaveLength(1)
    expect(
      await crossings(
        "import type { MemoryService } from '../memory/service'\n" +
          "import { guardCaughtSecret } from '../memory'\n" +
          "import type { ExecuteOptions } from '../memory/index'\n" +
          'export type M = [MemoryService, ExecuteOptions, typeof guardCaughtSecret]\n',
        chat
      )
    ).toEqual([])
  })

  test('the renderer importing src/main fails; src/shared passes', async () => {
    const view = 'src/renderer/src/features/chat/planted.tsx'
    expect(
      await crossings(
        "import type { Services } from '../../../../main/services'\nexport type S = Services\n",
        view
      )
    ).toEqual([expect.stringContaining('the renderer reaches main only through window.cairn')])
    expect(
      await crossings(
        "import type { EventName } from '@shared/contract'\nexport type E = EventName\n",
        view
      )
    ).toEqual([])
  })

  test('services importing ipc/ or platform/ fail; a sibling service passes', async () => {
    const service = 'src/main/services/app/planted.ts'
    expect(
      await crossings(
        "import { createHandlers } from '../../ipc/handlers'\n" +
          "import { askAfterMemoryFailure } from '../../platform/memory-start'\n" +
          'export { createHandlers, askAfterMemoryFailure }\n',
        service
      )
    ).toHaveLength(2)
    expect(
      await crossings(
        "import type { Logger } from '../log/logger'\nexport type L = Logger\n",
        service
      )
    ).toEqual([])
  })

  test('a memory floor importing a floor above it fails; its own floor and below pass', async () => {
    // jail/ reaching up to the ledger, and commands/ reaching up to the engine.
    expect(
      await crossings(
        "import { openIndexStore } from '../ledger/index-store'\nexport { openIndexStore }\n",
        'src/main/services/memory/jail/planted.ts'
      )
    ).toEqual([expect.stringContaining('memory/jail may import only from its own floor')])
    expect(
      await crossings(
        "import type { Engine } from '../engine/engine'\nexport type E = Engine\n",
        'src/main/services/memory/commands/planted.ts'
      )
    ).toHaveLength(1)
    // outside/ reads caps/ (same floor) and the kernel (below): allowed.
    expect(
      await crossings(
        "import type { Ctx } from '../kernel/context'\n" +
          "import { capsFor } from '../caps/caps'\n" +
          'export type C = [Ctx, typeof capsFor]\n',
        'src/main/services/memory/outside/planted.ts'
      )
    ).toEqual([])
  })

  test('the MCP SDK is imported only inside services/mcp; electron stays out of it', async () => {
    const sdk =
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js'\nexport { Client }\n"
    const restricted = async (code: string, filePath: string): Promise<string[]> => {
      const [result] = await eslint.lintText(code, { filePath })
      return (result?.messages ?? [])
        .filter((message) => message.ruleId === 'no-restricted-imports')
        .map((message) => message.message)
    }
    for (const outside of [
      'src/main/services/chat/tools/planted.ts',
      'src/shared/mcp/planted.ts',
      'src/main/setup/planted.ts',
      'scripts/planted.ts'
    ])
      expect(await restricted(sdk, outside)).toEqual([
        expect.stringContaining('Only src/main/services/mcp imports the MCP SDK')
      ])
    expect(await restricted(sdk, 'src/main/services/mcp/planted.ts')).toEqual([])
    // The room's tests build servers with the SDK; the room still never imports electron.
    expect(await restricted(sdk, 'src/main/services/mcp/__tests__/planted.ts')).toEqual([])
    expect(
      await restricted(
        "import { app } from 'electron'\nexport { app }\n",
        'src/main/services/mcp/planted.ts'
      )
    ).toHaveLength(1)
  })
})
