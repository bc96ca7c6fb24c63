import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import type { McpBundlePreview } from '@shared/mcp/bundles'
import { captureLogger, useTempDir } from '../../__tests__/helpers'
import { memoryKeychain } from '../../secrets/__tests__/memory-keychain'
import { createBundleInstaller } from '../bundles/bundle-installer'
import { createMcpService, type McpService } from '../mcp-service'
import { createServersFile, SERVERS_FILE } from '../servers-file'
import { helloBundle, writeHelloBundle, type BundleOptions } from './bundle-kit'
import { makeHub, waitForStatus } from './mcp-test-kit'

/*
 * MCP Bundles end to end below the page: a real `.mcpb` (a stdio server on the SDK's McpServer)
 * read, previewed, unpacked, started, listed and called; an update and a removal; and hostile
 * or unfit bundles refused with nothing left in the bundles folder. Everything is written in
 * the test's own temp folder.
 */

const tempDir = useTempDir('cairn-mcp-bundles-')
const SERVICE = 'cairn-test-bundles'
const CODE = 'p4ss$&word'

function setup(
  options: {
    failSave?: boolean
    limits?: { maxArchiveBytes?: number; maxUnpackedBytes?: number }
  } = {}
) {
  const dir = tempDir()
  const bundlesDir = join(dir, 'data', 'mcp-bundles')
  const keychain = memoryKeychain()
  const file = createServersFile({
    dir: join(dir, 'data'),
    keychain: keychain.keychain,
    keychainService: SERVICE
  })
  const hub = makeHub(join(dir, 'logs'))
  let picked: string | null = null
  const mcp = createMcpService({
    hub,
    file: options.failSave
      ? { load: file.load, save: async () => Promise.reject(new Error('disk full')) }
      : file,
    claudeDesktopConfig: null,
    bundles: createBundleInstaller({
      dir: bundlesDir,
      platform: process.platform,
      path: process.env.PATH,
      chooseOpenFile: async () => picked,
      logger: captureLogger().logger,
      ...(options.limits
        ? {
            limits: {
              maxArchiveBytes: options.limits.maxArchiveBytes ?? 1e9,
              maxUnpackedBytes: options.limits.maxUnpackedBytes ?? 1e9,
              maxEntries: 100
            }
          }
        : {})
    }),
    logger: captureLogger().logger
  })
  const pick = (path: string) => {
    picked = path
    return mcp.previewBundle({ source: 'pick' })
  }
  const drop = (options: BundleOptions = {}) =>
    mcp.previewBundle({
      source: 'bytes',
      name: 'hello.mcpb',
      data: Buffer.from(helloBundle(options)).toString('base64')
    })
  return { dir, bundlesDir, keychain, hub, mcp, pick, drop }
}

async function greet(mcp: McpService): Promise<string> {
  const result = await mcp.callTool(
    'hello-bundle',
    'greet',
    {},
    { signal: new AbortController().signal }
  )
  return JSON.stringify(result)
}

const contents = (dir: string) => readdir(dir).catch(() => [] as string[])

describe('installing an MCP bundle', () => {
  test('a real bundle: previewed with its command line and settings, installed, started, its tool listed and called; the secret only in the keychain', async () => {
    const { dir, bundlesDir, keychain, hub, mcp, pick } = setup()
    await mkdir(join(dir, 'downloads'))
    const bundle = await writeHelloBundle(join(dir, 'downloads'), {
      // A directory entry, as most zip tools write (the library's own unpack fails on it).
      extra: { 'server/': new Uint8Array() }
    })

    const preview = (await pick(bundle)) as McpBundlePreview
    const folder = join(bundlesDir, 'hello-bundle-1.0.0')
    expect(preview).toMatchObject({
      id: 'hello-bundle',
      name: 'Hello Bundle',
      version: '1.0.0',
      author: { name: 'Cairn tests' },
      serverType: 'node',
      tools: [{ name: 'greet', description: 'Says hello' }],
      folder,
      replaces: null,
      // `node` is on this PATH: nothing to warn about.
      warning: null
    })
    expect(preview.runsWith).toMatch(/"node" program on your PATH/)
    expect(preview.fields.map((f) => [f.key, f.sensitive, f.value])).toEqual([
      ['greeting', false, 'hello'],
      ['code', true, null]
    ])
    // The exact command line; the secret not given yet is named, not filled in.
    expect(preview.command).toEqual({
      transport: {
        type: 'stdio',
        command: 'node',
        args: [join(folder, 'server/index.mjs'), '--greeting', 'hello'],
        env: { HELLO_CODE: '${user_config.code}', HELLO_VERSION: '1.0.0' },
        cwd: folder
      },
      missing: ['Secret code']
    })
    // Nothing is written before the user confirms.
    expect(await contents(bundlesDir)).toEqual([])

    const values = { greeting: 'bonjour', code: CODE }
    const command = await mcp.bundleCommand({ token: preview.token, values })
    expect(command.missing).toEqual([])
    expect(command.transport.args.at(-1)).toBe('bonjour')
    expect(JSON.stringify(command)).not.toContain(CODE)

    const overview = await mcp.installBundle({ token: preview.token, values })
    expect(overview.servers[0]).toMatchObject({
      id: 'hello-bundle',
      bundle: { name: 'hello-bundle', version: '1.0.0' }
    })
    expect(await contents(bundlesDir)).toEqual(['hello-bundle-1.0.0'])
    await waitForStatus(hub, 'hello-bundle', (s) => s.state === 'connected')
    expect(mcp.tools().map((t) => t.name)).toEqual(['greet'])
    // The secret reached the server (a `$&` in it too), and never the settings file.
    expect(await greet(mcp)).toContain(`bonjour (code ${CODE})`)
    const saved = await readFile(join(dir, 'data', SERVERS_FILE), 'utf8')
    expect(saved).not.toContain(CODE)
    expect(saved).toContain('${user_config.code}')
    expect(keychain.read(SERVICE, 'mcp-server/hello-bundle/user_config:code')).toBe(CODE)
    expect(JSON.stringify(mcp.overview())).not.toContain(CODE)
    await mcp.dispose()
  })

  test('a newer version replaces the old one after its changed command line is shown; the secret is kept; Remove deletes the folder and the secret', async () => {
    const { bundlesDir, keychain, hub, mcp, drop } = setup()
    const first = (await drop()) as McpBundlePreview
    await mcp.installBundle({ token: first.token, values: { greeting: 'hi', code: CODE } })
    await waitForStatus(hub, 'hello-bundle', (s) => s.state === 'connected')

    const update = (await drop({ version: '2.0.0' })) as McpBundlePreview
    expect(update.id).toBe('hello-bundle')
    expect(update.replaces?.version).toBe('1.0.0')
    expect(update.replaces?.commandLine.args[0]).toBe(
      join(bundlesDir, 'hello-bundle-1.0.0', 'server/index.mjs')
    )
    expect(update.command.transport.args[0]).toBe(
      join(bundlesDir, 'hello-bundle-2.0.0', 'server/index.mjs')
    )
    // The form keeps what the user gave; the secret stays in the keychain unless changed.
    expect(update.fields.map((f) => [f.key, f.value, f.kept])).toEqual([
      ['greeting', 'hi', false],
      ['code', null, true]
    ])
    expect(update.command.missing).toEqual([])

    await mcp.installBundle({ token: update.token, values: { greeting: 'hi' } })
    expect(await contents(bundlesDir)).toEqual(['hello-bundle-2.0.0'])
    expect(mcp.overview().servers).toHaveLength(1)
    await waitForStatus(hub, 'hello-bundle', (s) => s.state === 'connected' && s.tools === 1)
    expect(await greet(mcp)).toContain(`hi (code ${CODE})`)
    expect(keychain.read(SERVICE, 'mcp-server/hello-bundle/user_config:code')).toBe(CODE)

    await mcp.remove('hello-bundle')
    expect(await contents(bundlesDir)).toEqual([])
    expect(keychain.read(SERVICE, 'mcp-server/hello-bundle/user_config:code')).toBeNull()
    await mcp.dispose()
  })

  test("a server added by hand under a bundle server's id replaces it and takes its folder away", async () => {
    const { bundlesDir, mcp, drop } = setup()
    const preview = (await drop()) as McpBundlePreview
    await mcp.installBundle({ token: preview.token, values: { code: CODE } })
    expect(await contents(bundlesDir)).toEqual(['hello-bundle-1.0.0'])
    await mcp.addServers([
      {
        id: 'hello-bundle',
        name: 'By hand',
        replaces: true,
        transport: { type: 'stdio', command: 'cairn-no-such-program', args: [], env: {} }
      }
    ])
    expect(await contents(bundlesDir)).toEqual([])
    await mcp.dispose()
  })

  test('a required setting left empty is asked for, and nothing is unpacked', async () => {
    const { bundlesDir, mcp, drop } = setup()
    const preview = (await drop()) as McpBundlePreview
    await expect(
      mcp.installBundle({ token: preview.token, values: { greeting: 'hi' } })
    ).rejects.toThrow(/Fill in "Secret code" first/)
    expect(await contents(bundlesDir)).toEqual([])
    await mcp.dispose()
  })

  test('when the servers file cannot be saved, the unpacked folder is taken away again', async () => {
    const { bundlesDir, mcp, drop } = setup({ failSave: true })
    const preview = (await drop()) as McpBundlePreview
    await expect(
      mcp.installBundle({ token: preview.token, values: { code: CODE } })
    ).rejects.toThrow(/could not be saved/)
    expect(await contents(bundlesDir)).toEqual([])
    await mcp.dispose()
  })

  test('a node bundle whose program is not on the PATH is previewed with what to install', async () => {
    const { mcp, drop } = setup()
    const preview = await drop({
      manifest: (m) =>
        void ((m.server as { mcp_config: { command: string } }).mcp_config.command =
          'cairn-no-such-node')
    })
    expect(preview?.warning).toBe(
      'No "cairn-no-such-node" program was found on your PATH: install Node.js, then restart Cairn, or the server will not start.'
    )
    await mcp.dispose()
  })

  test('a setting of each kind: a box left unticked is a no, numbers are checked against their range, lists expand into arguments', async () => {
    const { mcp, drop } = setup()
    const preview = (await drop({
      manifest: (m) => {
        const server = m.server as { mcp_config: { args: string[] } }
        server.mcp_config.args.push(
          '--verbose=${user_config.verbose}',
          '--port',
          '${user_config.port}',
          '${user_config.folders}'
        )
        Object.assign(m.user_config as object, {
          verbose: {
            type: 'boolean',
            title: 'Verbose',
            description: 'More output',
            required: true
          },
          port: {
            type: 'number',
            title: 'Port',
            description: 'Where',
            min: 1,
            max: 65535,
            default: 8080
          },
          folders: { type: 'directory', title: 'Folders', description: 'Which', multiple: true }
        })
      }
    })) as McpBundlePreview
    expect(preview.fields.find((f) => f.key === 'verbose')?.value).toBe(false)
    const command = await mcp.bundleCommand({
      token: preview.token,
      values: { code: 'c', verbose: false, port: '9000', folders: ['/a', ' ', '/b '] }
    })
    expect(command.missing).toEqual([])
    expect(command.transport.args.slice(3)).toEqual([
      '--verbose=false',
      '--port',
      '9000',
      '/a',
      '/b'
    ])
    await expect(
      mcp.bundleCommand({ token: preview.token, values: { code: 'c', port: '70000' } })
    ).rejects.toThrow(/"Port" must be at most 65535/)
    await mcp.dispose()
  })

  test('a cancelled open dialog previews nothing', async () => {
    const { mcp } = setup()
    expect(await mcp.previewBundle({ source: 'pick' })).toBeNull()
    await mcp.dispose()
  })
})

describe('bundles that are refused, with nothing left on disk', () => {
  const SYMLINK = 0o120777 << 16
  const other = process.platform === 'darwin' ? 'win32' : 'darwin'
  const cases: Array<[string, BundleOptions, RegExp]> = [
    [
      'a zip-slip entry',
      { extra: { '../escaped.txt': new Uint8Array([1]) } },
      /"..\/escaped.txt" points outside/
    ],
    [
      'a nested zip-slip entry',
      { extra: { 'server/../../escaped.txt': new Uint8Array([1]) } },
      /points outside/
    ],
    [
      'an absolute path',
      { extra: { '/tmp/escaped.txt': new Uint8Array([1]) } },
      /is an absolute path/
    ],
    [
      'a Windows drive path',
      { extra: { 'C:/escaped.txt': new Uint8Array([1]) } },
      /is an absolute path/
    ],
    [
      'a backslash path',
      { extra: { 'server\\..\\..\\escaped.txt': new Uint8Array([1]) } },
      /backslashes/
    ],
    [
      'a symlink',
      {
        extra: {
          'server/link': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: SYMLINK }]
        }
      },
      /"server\/link" is a symbolic link/
    ],
    ['no manifest', { noManifest: true }, /no manifest\.json/],
    ['another platform', { platforms: [other] }, /it is made for .+, and this computer runs/],
    [
      'an unknown server type',
      { serverType: 'uv', manifest: (m) => void (m.manifest_version = '0.4') },
      /type "uv"; Cairn runs node, python and binary/
    ],
    [
      'an invalid manifest',
      { manifest: (m) => void delete m.author },
      /manifest\.json is not valid \(author/
    ],
    [
      'an unknown manifest version',
      { manifest: (m) => void (m.manifest_version = '9.9') },
      /manifest_version \("9.9"\) is not one Cairn knows/
    ]
  ]
  test.each(cases)('%s', async (_name, options, message) => {
    const { dir, bundlesDir, mcp, drop } = setup()
    const error = await drop(options).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(CairnError)
    expect((error as CairnError).code).toBe('MCP_BUNDLE_REFUSED')
    expect((error as CairnError).detail).toMatch(message)
    expect(await contents(bundlesDir)).toEqual([])
    expect(await contents(dir)).not.toContain('escaped.txt')
    await mcp.dispose()
  })

  test('an archive larger than the limit is refused by its size before it is read', async () => {
    const { dir, bundlesDir, mcp, pick } = setup({ limits: { maxArchiveBytes: 1000 } })
    const path = await writeHelloBundle(dir)
    expect((await stat(path)).size).toBeGreaterThan(1000)
    await expect(pick(path)).rejects.toThrow(/more than the 1 MB Cairn reads|Cairn reads/)
    expect(await contents(bundlesDir)).toEqual([])
    await mcp.dispose()
  })

  test('an archive that would unpack to more than the limit is refused before anything is written', async () => {
    const { bundlesDir, mcp, drop } = setup({ limits: { maxUnpackedBytes: 100_000 } })
    // Zeros compress to almost nothing: a small archive, a large folder.
    await expect(drop({ extra: { 'server/zeros.bin': new Uint8Array(200_000) } })).rejects.toThrow(
      /it unpacks to 1 MB, more than the 1 MB Cairn allows/
    )
    expect(await contents(bundlesDir)).toEqual([])
    await mcp.dispose()
  })

  test('not a zip at all', async () => {
    const { mcp } = setup()
    await expect(
      mcp.previewBundle({
        source: 'bytes',
        name: 'x.mcpb',
        data: Buffer.from('hello').toString('base64')
      })
    ).rejects.toThrow(/not a zip archive/)
    await mcp.dispose()
  })
})
