import { homedir } from 'node:os'
import { join, sep } from 'node:path'
import type { McpbManifestAny } from '@anthropic-ai/mcpb'
import { getMcpConfigForManifest, MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb/node'
import { CairnError } from '@shared/errors'
import type { McpBundleField, McpBundleValue, McpBundleValues } from '@shared/mcp/bundles'
import type { McpServerConfig } from '@shared/mcp/servers'

/*
 * A bundle's manifest, read with `@anthropic-ai/mcpb`: its schema for the manifest's version,
 * its `getMcpConfigForManifest` for the command line (platform overrides, `${__dirname}`, the
 * system folders and `${user_config.X}`). Cairn adds what it decides itself: which server types
 * it runs, whether this computer is one the bundle is made for, and keeping a sensitive setting
 * out of the command line it saves.
 */

export type BundleManifest = McpbManifestAny
type ManifestVersion = keyof typeof MANIFEST_SCHEMAS

const refused = (why: string): CairnError =>
  new CairnError('MCP_BUNDLE_REFUSED', `This bundle cannot be installed: ${why}`)

const PLATFORM_WORDS: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }
const platformWords = (platform: string): string => PLATFORM_WORDS[platform] ?? platform

/** Parses and checks a manifest; throws MCP_BUNDLE_REFUSED with the reason. */
export function readManifest(text: string, platform: string): BundleManifest {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw refused(`its manifest.json is not JSON (${error instanceof Error ? error.message : ''}).`)
  }
  const declared =
    raw && typeof raw === 'object'
      ? ((raw as Record<string, unknown>).manifest_version ??
        (raw as Record<string, unknown>).dxt_version)
      : undefined
  const versions = Object.keys(MANIFEST_SCHEMAS)
  if (typeof declared !== 'string' || !versions.includes(declared))
    throw refused(
      `its manifest_version (${JSON.stringify(declared ?? null)}) is not one Cairn knows (${versions.join(', ')}).`
    )
  const parsed = MANIFEST_SCHEMAS[declared as ManifestVersion].safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`)
    throw refused(`its manifest.json is not valid (${issues.join('; ')}).`)
  }
  const manifest = parsed.data as BundleManifest
  const type: string = manifest.server.type
  if (type !== 'node' && type !== 'python' && type !== 'binary')
    throw refused(`its server is of type "${type}"; Cairn runs node, python and binary servers.`)
  const platforms = manifest.compatibility?.platforms
  if (platforms && !platforms.includes(platform as 'darwin' | 'win32' | 'linux'))
    throw refused(
      `it is made for ${platforms.map(platformWords).join(' and ')}, and this computer runs ${platformWords(platform)}.`
    )
  return manifest
}

/** What runs the server, in plain words for the preview. */
export function runsWith(manifest: BundleManifest): string {
  switch (manifest.server.type) {
    case 'node':
      return 'Node.js installed on this computer (the "node" program on your PATH; Cairn does not bring its own)'
    case 'python':
      return 'Python installed on this computer (Cairn does not bring its own)'
    default:
      return 'a program inside the bundle'
  }
}

/** The settings the bundle asks for, with the values the form starts with. */
export function fieldsOf(
  manifest: BundleManifest,
  installed?: McpServerConfig['bundle']
): McpBundleField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => {
    const sensitive = option.sensitive === true
    const kept = sensitive && Boolean(installed?.secrets[key])
    // A box left unticked is a "no", not a setting left out.
    const unset = option.type === 'boolean' ? false : null
    const value = sensitive ? null : (installed?.userConfig[key] ?? option.default ?? unset)
    return {
      key,
      type: option.type,
      title: option.title,
      description: option.description,
      required: option.required === true,
      sensitive,
      multiple: option.multiple === true,
      ...(option.min !== undefined ? { min: option.min } : {}),
      ...(option.max !== undefined ? { max: option.max } : {}),
      value,
      kept
    }
  })
}

const isEmpty = (value: McpBundleValue | undefined): boolean =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.filter((v) => v.trim() !== '').length === 0)

/** The user's values split into the ones a settings file may keep and the sensitive ones. */
export function splitValues(
  fields: McpBundleField[],
  values: McpBundleValues,
  keptSecrets: Record<string, string> = {}
): { plain: McpBundleValues; secrets: Record<string, string>; missing: string[] } {
  const plain: McpBundleValues = {}
  const secrets: Record<string, string> = {}
  const missing: string[] = []
  for (const field of fields) {
    const given = values[field.key]
    if (field.sensitive) {
      const secret = typeof given === 'string' && given !== '' ? given : keptSecrets[field.key]
      if (secret) secrets[field.key] = secret
      else if (field.required) missing.push(field.title)
      continue
    }
    const value = isEmpty(given) ? (field.value ?? undefined) : given
    if (value === undefined || isEmpty(value)) {
      if (field.required) missing.push(field.title)
      continue
    }
    plain[field.key] = checkedValue(field, value)
  }
  return { plain, secrets, missing }
}

function checkedValue(field: McpBundleField, value: McpBundleValue): McpBundleValue {
  const wrong = (what: string) =>
    new CairnError('MCP_BUNDLE_SETTING', `"${field.title}" ${what}. Change it and install again.`)
  if (field.type === 'boolean') {
    if (typeof value !== 'boolean') throw wrong('is a yes or no')
    return value
  }
  if (field.type === 'number') {
    const number = typeof value === 'number' ? value : Number(value)
    if (typeof value === 'boolean' || Array.isArray(value) || !Number.isFinite(number))
      throw wrong('must be a number')
    if (field.min !== undefined && number < field.min) throw wrong(`must be at least ${field.min}`)
    if (field.max !== undefined && number > field.max) throw wrong(`must be at most ${field.max}`)
    return number
  }
  if (typeof value === 'boolean' || typeof value === 'number') return String(value)
  if (Array.isArray(value))
    return field.multiple ? value.map((v) => v.trim()).filter(Boolean) : value.join(' ')
  return value
}

/**
 * The server's command line for these values, as it is saved: a sensitive setting stays
 * `${user_config.KEY}` (filled in from the keychain when the server starts, by `withSecrets`).
 */
export async function commandFor(
  manifest: BundleManifest,
  folder: string,
  plain: McpBundleValues,
  sensitiveKeys: string[]
): Promise<{ command: string; args: string[]; env: Record<string, string> }> {
  const sealed = Object.fromEntries(sensitiveKeys.map((key) => [key, `\${user_config.${key}}`]))
  const home = homedir()
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: folder,
    systemDirs: {
      HOME: home,
      DESKTOP: join(home, 'Desktop'),
      DOCUMENTS: join(home, 'Documents'),
      DOWNLOADS: join(home, 'Downloads')
    },
    userConfig: { ...unset(manifest, plain, sealed), ...sealed, ...plain },
    pathSeparator: sep
  })
  if (!config) throw refused('its manifest has no server command.')
  return { command: config.command, args: config.args ?? [], env: config.env ?? {} }
}

/**
 * Settings not given: a required one stays `${user_config.KEY}` in the preview (the install
 * refuses until it is given; the library would drop the whole command), an optional one is empty.
 */
function unset(
  manifest: BundleManifest,
  ...given: Array<Record<string, unknown>>
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest.user_config ?? {})
      .filter(([key]) => given.every((values) => values[key] === undefined))
      .map(([key, option]) => [key, option.required ? `\${user_config.${key}}` : ''])
  )
}

/**
 * A bundle server's transport with its sensitive settings filled in, for starting it. Plain
 * text replacement: the library's `replaceVariables` goes through `String.replace`, which would
 * read a `$&` in a password as a pattern.
 */
export function withSecrets(server: McpServerConfig): McpServerConfig {
  const secrets = Object.entries(server.bundle?.secrets ?? {})
  if (secrets.length === 0 || server.transport.type !== 'stdio') return server
  const fill = (text: string): string =>
    secrets.reduce((out, [key, value]) => out.split(`\${user_config.${key}}`).join(value), text)
  const { transport } = server
  return {
    ...server,
    transport: {
      ...transport,
      command: fill(transport.command),
      args: transport.args.map(fill),
      env: Object.fromEntries(Object.entries(transport.env).map(([k, v]) => [k, fill(v)]))
    }
  }
}
