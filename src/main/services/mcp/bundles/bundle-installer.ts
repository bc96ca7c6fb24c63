import { randomUUID } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { CairnError } from '@shared/errors'
import type {
  McpBundleChoice,
  McpBundleCommand,
  McpBundlePreview,
  McpBundleSource
} from '@shared/mcp/bundles'
import type { McpServerConfig } from '@shared/mcp/servers'
import type { Logger } from '../../log/logger'
import { slug, uniqueId } from '../import-config'
import {
  checkArchiveSize,
  readBundleArchive,
  BUNDLE_LIMITS,
  type BundleArchive,
  type BundleLimits
} from './bundle-archive'
import { createBundleFolders } from './bundle-folders'
import {
  commandFor,
  fieldsOf,
  readManifest,
  runsWith,
  splitValues,
  type BundleManifest
} from './bundle-manifest'
import { findProgram } from './find-program'

/*
 * Installing an MCP Bundle: read it and answer a preview (nothing written), then, once the user
 * confirmed, unpack it into place (bundle-folders.ts). The servers file is the service's: this
 * hands it the server and the steps to finish or undo.
 */

export const BUNDLES_FOLDER = 'mcp-bundles'

export interface BundleInstallerDeps {
  /** `<userData>/mcp-bundles`. */
  dir: string
  platform: string
  /** Cairn's PATH, which a stdio server is started with (to say whether its program is there). */
  path?: string | undefined
  /** Main's open dialog for one file; absent, only dropped files can be installed. */
  chooseOpenFile?: (options: {
    title: string
    filters: Array<{ name: string; extensions: string[] }>
  }) => Promise<string | null>
  logger: Logger
  limits?: BundleLimits
}

interface Pending {
  token: string
  archive: BundleArchive
  manifest: BundleManifest
  id: string
  folder: string
  fields: McpBundlePreview['fields']
  installed: McpServerConfig | undefined
}

/** An unpacked bundle, waiting for the servers file: then `done`, or on a failed save `undo`. */
export interface UnpackedBundle {
  server: McpServerConfig
  replaced: McpServerConfig | undefined
  done(): Promise<void>
  undo(): Promise<void>
}

export function createBundleInstaller(deps: BundleInstallerDeps) {
  const limits = deps.limits ?? BUNDLE_LIMITS
  const folders = createBundleFolders(deps.dir, deps.logger)
  // One bundle at a time: a new preview forgets the last one.
  let pending: Pending | null = null

  function take(token: string): Pending {
    if (pending?.token !== token)
      throw new CairnError(
        'MCP_BUNDLE_GONE',
        'This preview is no longer open (another bundle was opened since). Open the bundle again.'
      )
    return pending
  }

  async function command(p: Pending, values: McpBundleChoice['values']): Promise<McpBundleCommand> {
    const { plain, secrets, missing } = splitValues(p.fields, values, p.installed?.bundle?.secrets)
    const folder = join(deps.dir, p.folder)
    const run = await commandFor(p.manifest, folder, plain, Object.keys(secrets))
    return { transport: { type: 'stdio', ...run, cwd: folder }, missing }
  }

  /** A node or python bundle whose program is not on this PATH: said before installing. */
  async function missingProgram(p: Pending): Promise<string | null> {
    if (p.manifest.server.type === 'binary') return null
    const program = (await command(p, {})).transport.command
    if (isAbsolute(program) || (await findProgram(program, deps.path, deps.platform))) return null
    const runtime = p.manifest.server.type === 'node' ? 'Node.js' : 'Python'
    return `No "${program}" program was found on your PATH: install ${runtime}, then restart Cairn, or the server will not start.`
  }

  return {
    /** Reads a bundle and answers what installing it would do (null: the dialog was cancelled). */
    async preview(
      source: McpBundleSource,
      servers: McpServerConfig[]
    ): Promise<McpBundlePreview | null> {
      const bytes = await bundleBytes(source, deps.chooseOpenFile, limits)
      if (!bytes) return null
      const p = (pending = pendingInstall(readBundleArchive(bytes, limits), deps.platform, servers))
      return {
        ...previewOf(p),
        folder: join(deps.dir, p.folder),
        warning: await missingProgram(p),
        command: await command(p, {})
      }
    },

    /** The command line for the values in the form, exactly as it will be saved. */
    command: (choice: McpBundleChoice) => command(take(choice.token), choice.values),

    /** Unpacks the previewed bundle into place and answers its server, not yet saved. */
    async install(choice: McpBundleChoice): Promise<UnpackedBundle> {
      const p = take(choice.token)
      const run = await command(p, choice.values)
      if (run.missing.length > 0)
        throw new CairnError(
          'MCP_BUNDLE_SETTING',
          `Fill in ${run.missing.map((title) => `"${title}"`).join(', ')} first: the bundle needs ${run.missing.length === 1 ? 'it' : 'them'}.`
        )
      const { plain, secrets } = splitValues(p.fields, choice.values, p.installed?.bundle?.secrets)
      const placed = await folders.place(p.archive, p.folder)
      pending = null
      return {
        server: {
          id: p.id,
          name: p.manifest.display_name ?? p.manifest.name,
          enabled: true,
          transport: run.transport,
          bundle: {
            name: p.manifest.name,
            version: p.manifest.version,
            folder: p.folder,
            userConfig: plain,
            secrets
          }
        },
        replaced: p.installed,
        done: () => placed.keep(p.installed?.bundle?.folder),
        undo: () => placed.undo()
      }
    },

    /** Deletes an uninstalled bundle's folder. */
    removeFolder: folders.remove,

    /** Folders a crash left half made or set aside (a new start has no install running). */
    sweep: folders.sweep
  }
}

export type BundleInstaller = ReturnType<typeof createBundleInstaller>

/** The bundle's bytes: dropped on the card, or picked in the open dialog (null: cancelled). */
async function bundleBytes(
  source: McpBundleSource,
  chooseOpenFile: BundleInstallerDeps['chooseOpenFile'],
  limits: BundleLimits
): Promise<Uint8Array | null> {
  if (source.source === 'bytes') return Buffer.from(source.data, 'base64')
  if (!chooseOpenFile)
    throw new CairnError(
      'MCP_BUNDLE_REFUSED',
      'There is no open dialog here: drop the file on the card.'
    )
  const path = await chooseOpenFile({
    title: 'Install an MCP bundle',
    filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }]
  })
  if (!path) return null
  // Checked before reading: an oversized file is refused without loading it.
  checkArchiveSize((await stat(path)).size, limits)
  return readFile(path)
}

/** A read bundle as the preview leaves it: its server's id and folder, the form's fields. */
function pendingInstall(
  archive: BundleArchive,
  platform: string,
  servers: McpServerConfig[]
): Pending {
  const manifest = readManifest(archive.manifest, platform)
  const installed = servers.find((s) => s.bundle?.name === manifest.name)
  const id =
    installed?.id ?? uniqueId(slug(manifest.name), new Set(servers.map((server) => server.id)))
  const folder = `${slug(manifest.name)}-${manifest.version.toLowerCase().replace(/[^a-z0-9.+-]+/g, '-')}`
  const fields = fieldsOf(manifest, installed?.bundle)
  return { token: randomUUID(), archive, manifest, id, folder, fields, installed }
}

/** What the preview shows of the bundle itself (the folder, warning and command come after). */
function previewOf(p: Pending): Omit<McpBundlePreview, 'folder' | 'warning' | 'command'> {
  const { manifest, installed } = p
  return {
    token: p.token,
    id: p.id,
    name: manifest.display_name ?? manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: manifest.author,
    serverType: manifest.server.type as McpBundlePreview['serverType'],
    runsWith: runsWith(manifest),
    tools: (manifest.tools ?? []).map((tool) => ({
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {})
    })),
    fields: p.fields,
    replaces:
      installed?.bundle && installed.transport.type === 'stdio'
        ? { version: installed.bundle.version, commandLine: installed.transport }
        : null
  }
}
