import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import type { McpServerConfig } from '@shared/mcp/servers'
import { useTempDir } from '../../__tests__/helpers'
import { createOsKeychain } from '../../secrets/os-keychain'
import {
  announceProbe,
  keychainRequired,
  NO_KEYCHAIN_IN_CI,
  probeOsKeychain
} from '../../secrets/__tests__/keychain-probe'
import { createServersFile, SERVERS_FILE } from '../servers-file'

const probe = await probeOsKeychain()
announceProbe(probe, 'the MCP servers file tests')
const tempDir = useTempDir('cairn-mcp-file-')

const TOKEN = `ghp_${randomUUID().replaceAll('-', '')}`

const github: McpServerConfig = {
  id: 'github',
  name: 'GitHub',
  enabled: true,
  transport: {
    type: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-github'],
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN, LOG_LEVEL: 'info' }
  }
}

// Skipped only off CI without an OS keychain that takes writes (announceProbe says so above);
// under CI=true a missing keychain fails the test instead.
describe.skipIf(!probe.ok && !keychainRequired)(
  'the MCP servers file, secrets in the real keychain',
  () => {
    const keychain = createOsKeychain()
    let service = ''
    afterEach(async () => {
      if (service)
        await keychain
          .deletePassword(service, 'mcp-server/github/env:GITHUB_PERSONAL_ACCESS_TOKEN')
          .catch(() => undefined)
    })

    test('a token goes to the keychain, never into the file; it comes back on load; removing the server deletes it', async () => {
      if (!probe.ok) throw new Error(`${NO_KEYCHAIN_IN_CI} (${probe.reason})`)
      service = `Cairn-test-${randomUUID()}`
      const dir = tempDir()
      const file = createServersFile({ dir, keychain, keychainService: service })
      await file.save({
        servers: [github],
        toolApproval: { 'github/search_repositories': 'always' }
      })

      const text = await readFile(join(dir, SERVERS_FILE), 'utf8')
      expect(text).not.toContain(TOKEN)
      expect(JSON.parse(text).servers[0]).toMatchObject({
        secrets: ['env:GITHUB_PERSONAL_ACCESS_TOKEN'],
        transport: { env: { GITHUB_PERSONAL_ACCESS_TOKEN: '', LOG_LEVEL: 'info' } }
      })
      expect(
        await keychain.getPassword(service, 'mcp-server/github/env:GITHUB_PERSONAL_ACCESS_TOKEN')
      ).toBe(TOKEN)

      const loaded = await createServersFile({ dir, keychain, keychainService: service }).load()
      expect(loaded).toEqual({
        servers: [github],
        toolApproval: { 'github/search_repositories': 'always' }
      })

      await file.save({ servers: [], toolApproval: {} }, [github])
      expect(
        await keychain.getPassword(service, 'mcp-server/github/env:GITHUB_PERSONAL_ACCESS_TOKEN')
      ).toBeNull()
    })
  }
)

test('no file yet: no servers; a damaged file is an error, and is not overwritten by loading', async () => {
  const dir = tempDir()
  const keychain = {
    getPassword: async () => null,
    setPassword: async () => {},
    deletePassword: async () => true
  }
  const file = createServersFile({ dir, keychain, keychainService: 'unused' })
  expect(await file.load()).toEqual({ servers: [], toolApproval: {} })
  const { writeFile } = await import('node:fs/promises')
  await writeFile(join(dir, SERVERS_FILE), '{"version": 1, "servers": [')
  await expect(file.load()).rejects.toThrow()
  expect(await readFile(join(dir, SERVERS_FILE), 'utf8')).toBe('{"version": 1, "servers": [')
})

test('a server replaced under the same id keeps the secrets it still has; the ones it dropped are deleted', async () => {
  const { memoryKeychain } = await import('../../secrets/__tests__/memory-keychain')
  const keychain = memoryKeychain()
  const file = createServersFile({
    dir: tempDir(),
    keychain: keychain.keychain,
    keychainService: 's'
  })
  const old: McpServerConfig = {
    ...github,
    transport: {
      ...github.transport,
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN, OLD_SECRET: 'x' }
    }
  } as McpServerConfig
  await file.save({ servers: [old], toolApproval: {} })
  await file.save({ servers: [github], toolApproval: {} }, [old])
  expect(keychain.read('s', 'mcp-server/github/env:GITHUB_PERSONAL_ACCESS_TOKEN')).toBe(TOKEN)
  expect(keychain.read('s', 'mcp-server/github/env:OLD_SECRET')).toBeNull()
  expect((await file.load()).servers).toEqual([github])
})
