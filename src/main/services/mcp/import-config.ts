import type { McpImportPreview, McpServerDraft } from '@shared/mcp/channels'
import { McpTransportSchema, type McpTransport } from '@shared/mcp/servers'

/*
 * Servers from a config someone else wrote: Claude Desktop's `claude_desktop_config.json`
 * (`{"mcpServers": {"name": {"command", "args", "env"}}}`, or `url` and `headers` for a remote
 * server), the same object pasted, or one server's entry on its own. Nothing runs from here:
 * the result is a preview that shows each command line exactly as it would run.
 */

type Json = Record<string, unknown>

export function readServersConfig(
  text: string,
  takenIds: ReadonlySet<string>,
  file: string | null = null
): McpImportPreview {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { servers: [], problems: [`This is not JSON (${why}).`], file }
  }
  const entries = serverEntries(parsed)
  if (!entries)
    return {
      servers: [],
      problems: [
        'No servers found: paste an object with "mcpServers", as Claude Desktop writes it, or one server with "command" or "url".'
      ],
      file
    }
  const servers: McpServerDraft[] = []
  const problems: string[] = []
  const ids = new Set<string>()
  for (const [name, entry] of entries) {
    const transport = transportOf(entry)
    if (!transport.ok) {
      problems.push(`${name}: ${transport.why}`)
      continue
    }
    const id = uniqueId(slug(name), ids)
    ids.add(id)
    servers.push({ id, name, transport: transport.value, replaces: takenIds.has(id) })
  }
  return { servers, problems, file }
}

function serverEntries(value: unknown): Array<[string, unknown]> | null {
  if (!isObject(value)) return null
  if (isObject(value.mcpServers)) return Object.entries(value.mcpServers)
  if (typeof value.command === 'string' || typeof value.url === 'string')
    return [[typeof value.name === 'string' ? value.name : 'server', value]]
  const entries = Object.entries(value).filter(([, v]) => isObject(v))
  return entries.length > 0 &&
    entries.every(([, v]) => 'command' in (v as Json) || 'url' in (v as Json))
    ? entries
    : null
}

function transportOf(
  entry: unknown
): { ok: true; value: McpTransport } | { ok: false; why: string } {
  if (!isObject(entry)) return { ok: false, why: 'not an object with "command" or "url".' }
  const candidate =
    typeof entry.url === 'string'
      ? { type: 'http', url: entry.url, headers: entry.headers ?? {} }
      : {
          type: 'stdio',
          command: entry.command,
          args: entry.args ?? [],
          env: entry.env ?? {},
          ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {})
        }
  const parsed = McpTransportSchema.safeParse(candidate)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return { ok: false, why: `${where}${issue?.message ?? 'not a server entry'}.` }
}

/** A server's id from its name: lowercase letters, digits and dashes. */
export function slug(name: string): string {
  const id = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 36)
  return id || 'server'
}

export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  let id = base
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`
  return id
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
