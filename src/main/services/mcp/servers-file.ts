import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { McpToolApprovalSchema, type McpToolApproval } from '@shared/mcp/channels'
import { McpServerConfigSchema, type McpServerConfig } from '@shared/mcp/servers'
import { writeFileDurably } from '../fs/durable'
import type { Keychain } from '../secrets/keychain'

/*
 * `mcp-servers.json` in the app's data folder: the servers, and how each tool is approved. A
 * value that looks like a secret (an env variable or header named like a key, token or password)
 * goes to the OS keychain; the file keeps only its name. A file that cannot be read is kept
 * aside by name in the error, never overwritten silently.
 */

export const SERVERS_FILE = 'mcp-servers.json'
const KEYCHAIN_PREFIX = 'mcp-server'

const SECRET_NAME = /key|token|secret|passw|auth|credential|cookie/i

const FileSchema = z.object({
  version: z.literal(1),
  servers: z.array(
    McpServerConfigSchema.extend({
      /** Names (`env:NAME`, `header:Name`) whose values are in the keychain. */
      secrets: z.array(z.string()).default([])
    })
  ),
  toolApproval: z.record(z.string(), McpToolApprovalSchema).default({})
})
type ServersFile = z.infer<typeof FileSchema>

export interface ServersState {
  servers: McpServerConfig[]
  /** `server/tool` → how its calls are approved (absent: ask). */
  toolApproval: Record<string, McpToolApproval>
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

export function createServersFile(deps: {
  dir: string
  keychain: Keychain
  keychainService: string
}) {
  const path = join(deps.dir, SERVERS_FILE)
  const account = (server: string, name: string) => `${KEYCHAIN_PREFIX}/${server}/${name}`

  async function load(): Promise<ServersState> {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { servers: [], toolApproval: {} }
      throw error
    }
    const file = FileSchema.parse(JSON.parse(text))
    const servers = await Promise.all(file.servers.map(withSecrets))
    return { servers, toolApproval: file.toolApproval }
  }

  async function withSecrets({ secrets, ...server }: ServersFile['servers'][number]) {
    const values = structuredClone(server)
    for (const secret of secrets) {
      const value = await deps.keychain.getPassword(
        deps.keychainService,
        account(server.id, secret)
      )
      setValue(values, secret, value ?? '')
    }
    return values
  }

  async function save(state: ServersState, removed: McpServerConfig[] = []): Promise<void> {
    const servers: ServersFile['servers'] = []
    for (const server of state.servers) {
      const kept = structuredClone(server)
      const secrets: string[] = []
      for (const [name, value] of namedValues(server)) {
        if (!isSecretValue(name) || value === '') continue
        await deps.keychain.setPassword(deps.keychainService, account(server.id, name), value)
        setValue(kept, name, '')
        secrets.push(name)
      }
      servers.push({ ...kept, secrets })
    }
    // A server replaced under the same id keeps the secrets it still names (just saved above).
    const kept = new Set(
      state.servers.flatMap((server) =>
        namedValues(server).map(([name]) => account(server.id, name))
      )
    )
    for (const server of removed)
      for (const [name] of namedValues(server))
        if (!kept.has(account(server.id, name)))
          await deps.keychain.deletePassword(deps.keychainService, account(server.id, name))
    const file: ServersFile = { version: 1, servers, toolApproval: state.toolApproval }
    await writeFileDurably(path, `${JSON.stringify(file, null, 2)}\n`)
  }

  return { path, load, save }
}

/**
 * A server's env variables (`env:NAME`) or headers (`header:Name`) with their values, and a
 * bundle's sensitive settings (`user_config:KEY`).
 */
export function namedValues(server: McpServerConfig): Array<[string, string]> {
  const t = server.transport
  const own: Array<[string, string]> =
    t.type === 'stdio'
      ? Object.entries(t.env).map(([k, v]) => [`env:${k}`, v])
      : Object.entries(t.headers).map(([k, v]) => [`header:${k}`, v])
  const bundle = Object.entries(server.bundle?.secrets ?? {}).map(([k, v]): [string, string] => [
    `user_config:${k}`,
    v
  ])
  return [...own, ...bundle]
}

/** Whether a named value goes to the keychain: a bundle's sensitive setting always does. */
function isSecretValue(name: string): boolean {
  return name.startsWith('user_config:') || isSecretName(name.slice(name.indexOf(':') + 1))
}

function setValue(server: McpServerConfig, name: string, value: string): void {
  const key = name.slice(name.indexOf(':') + 1)
  const t = server.transport
  if (t.type === 'stdio' && name.startsWith('env:')) t.env[key] = value
  if (t.type === 'http' && name.startsWith('header:')) t.headers[key] = value
  if (server.bundle && name.startsWith('user_config:')) server.bundle.secrets[key] = value
}
