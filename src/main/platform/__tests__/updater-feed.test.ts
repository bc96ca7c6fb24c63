import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import {
  createServer,
  request,
  type ClientRequest,
  type RequestOptions,
  type Server
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions
} from 'builder-util-runtime'
import { AppImageUpdater } from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UpdateSettings, UpdateStatus } from '@shared/app/updates'
import { createUpdatesService, type UpdatesService } from '../../services/updates'
import { fakeChat, fakeSettings } from '../../services/updates/__tests__/fakes'
import { createUpdaterPort } from '../updater'

/*
 * The whole update flow, minus Electron, against a generic-server feed on 127.0.0.1 (no other
 * network): electron-updater's own AppImageUpdater (its GenericProvider reads latest-linux.yml,
 * compares versions with semver, downloads the file and checks its sha512, then swaps the
 * AppImage), driven through our adapter (platform/updater.ts) by the real state machine.
 *
 * What does not run here, and why:
 * - electron-updater's ElectronAppAdapter and ElectronHttpExecutor need Electron's `app` and `net`:
 *   the updater gets a plain app adapter (the AppAdapter interface it defines for this) and an
 *   HttpExecutor over node:http (builder-util-runtime's own base class, which electron-updater's
 *   executor also extends: redirects, sha512 checking and progress are that class's code).
 * - quitAndInstall() is install() (run here for real: the AppImage is replaced and the new one
 *   started) plus, a tick later, require('electron').autoUpdater.emit(...) and app.quit(): that
 *   second half needs Electron, so the test calls install() where quitAndInstall() would be.
 * - macOS (Squirrel.Mac, signature checked by the OS) and Windows (NSIS, Authenticode check) install
 *   steps need those systems; the check and download half is the same code as here.
 */

const CURRENT = '1.0.0'
const NEXT = '1.1.0'
const NOTES =
  '<h2>Cairn 1.1.0</h2><ul><li>Faster <b>search</b></li><li>Fixes &amp; polish</li></ul><script>alert(1)</script>'

/**
 * electron-updater's HTTP layer over node:http. The base class does the work (redirects, progress,
 * the sha512 check while writing); like electron-updater's Electron executor, this one only makes
 * the request and starts a download to a file.
 */
class LoopbackExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return request(options, callback)
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined }
      configureRequestUrl(url, requestOptions)
      configureRequestOptions(requestOptions)
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          responseHandler: null,
          callback: (error) => (error ? reject(error) : resolve(destination))
        },
        0
      )
    })
  }
}

/** The feed file for this machine's architecture, as electron-builder names it. */
const channelFile = (channel: string) =>
  `${channel}-linux${process.arch === 'x64' ? '' : `-${process.arch}`}.yml`

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64')

function feedYaml(version: string, file: string, bytes: Buffer, notes = NOTES): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512(bytes)}`,
    `    size: ${bytes.length}`,
    `path: ${file}`,
    `sha512: ${sha512(bytes)}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    `releaseNotes: '${notes.replace(/'/g, "''")}'`,
    ''
  ].join('\n')
}

let dir: string
let server: Server
let feedUrl: string
/** Path → bytes the loopback server answers (404 otherwise); every request path, in order. */
let files: Map<string, Buffer>
let requests: string[]
let marker: string
let oldAppImage: string
let newAppImage: Buffer
let updater: AppImageUpdater
let service: UpdatesService
let chat: ReturnType<typeof fakeChat>
let settings: ReturnType<typeof fakeSettings>
let installs: number
const logLines: string[] = []

function start(initial: Partial<UpdateSettings> = {}): void {
  const app: AppAdapter = {
    version: CURRENT,
    name: 'Cairn',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'resources', 'app-update.yml'),
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined
  }
  updater = new AppImageUpdater(null, app)
  ;(updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor =
    new LoopbackExecutor()
  // A real AppImage carries a block map for differential downloads; this small stand-in has none.
  updater.disableDifferentialDownload = true
  // Where quitAndInstall() would also quit through Electron: install() alone (see the top).
  updater.quitAndInstall = (isSilent = false, isForceRunAfter = false) => {
    installs++
    updater.install(isSilent, isForceRunAfter)
  }
  const logger = {
    debug: (m: string, f?: Record<string, unknown>) =>
      void logLines.push(`${m} ${JSON.stringify(f)}`),
    info: (m: string, f?: Record<string, unknown>) =>
      void logLines.push(`${m} ${JSON.stringify(f)}`),
    warn: (m: string, f?: Record<string, unknown>) =>
      void logLines.push(`${m} ${JSON.stringify(f)}`),
    error: (m: string, f?: Record<string, unknown>) =>
      void logLines.push(`${m} ${JSON.stringify(f)}`)
  }
  chat = fakeChat()
  settings = fakeSettings(initial)
  service = createUpdatesService({
    currentVersion: CURRENT,
    settings,
    chat,
    logger,
    // The timer never fires by itself here: each test says when to check.
    setTimer: () => 0,
    clearTimer: () => undefined
  })
  service.connect(createUpdaterPort(updater, logger))
}

/** Resolves with the first status (now or later) that passes the test. */
function statusWhere(test: (status: UpdateStatus) => boolean): Promise<UpdateStatus> {
  const now = service.status()
  if (test(now)) return Promise.resolve(now)
  return new Promise((resolve) => {
    const stop = service.onStatus((status) => {
      if (!test(status)) return
      stop()
      resolve(status)
    })
  })
}
const settled = () => statusWhere((s) => !['checking', 'downloading'].includes(s.phase.kind))

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-updater-'))
  files = new Map()
  requests = []
  installs = 0
  logLines.length = 0
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    requests.push(path)
    const body = files.get(path)
    if (!body) return void res.writeHead(404).end('not found')
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`

  // The running "AppImage" and the update: a script that says it was started.
  marker = join(dir, 'started-by')
  await mkdir(join(dir, 'apps'))
  oldAppImage = join(dir, 'apps', `Cairn-${CURRENT}.AppImage`)
  await writeFile(oldAppImage, '#!/bin/sh\nexit 0\n', { mode: 0o755 })
  newAppImage = Buffer.from(`#!/bin/sh\necho "$0" > '${marker}'\n`)
  vi.stubEnv('APPIMAGE', oldAppImage)

  // What electron-builder writes into a packaged app from the `publish` block.
  await mkdir(join(dir, 'resources'))
  await writeFile(
    join(dir, 'resources', 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: cairn-updater\n`
  )
  files.set(`/feed/Cairn-${NEXT}.AppImage`, newAppImage)
  files.set(
    `/feed/${channelFile('latest')}`,
    Buffer.from(feedYaml(NEXT, `Cairn-${NEXT}.AppImage`, newAppImage))
  )
})

afterEach(async () => {
  service?.dispose()
  vi.unstubAllEnvs()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await rm(dir, { recursive: true, force: true })
})

// Skipped off Linux: AppImageUpdater reads latest-linux.yml and installs an AppImage, Linux only.
describe.skipIf(process.platform !== 'linux')(
  'updates from a generic-server feed on 127.0.0.1',
  () => {
    it('auto: checks, downloads in the background (sha512 checked), ready with the release notes as text', async () => {
      start()
      const seen: UpdateStatus[] = []
      service.onStatus((status) => seen.push(status))
      service.check()
      const ready = await statusWhere((s) => s.phase.kind === 'ready' || s.phase.kind === 'error')
      expect(ready.phase).toEqual({
        kind: 'ready',
        version: NEXT,
        notes: 'Cairn 1.1.0\n\n• Faster search\n• Fixes & polish',
        waitingForReply: false
      })
      const kinds = seen.map((s) => s.phase.kind)
      expect(kinds[0]).toBe('checking')
      expect(kinds).toContain('downloading')
      expect(
        seen.find((s) => s.phase.kind === 'downloading' && s.phase.percent === 100)
      ).toBeDefined()
      expect(requests).toEqual([`/feed/${channelFile('latest')}`, `/feed/Cairn-${NEXT}.AppImage`])
      // The downloaded file is the one the feed named, byte for byte, waiting in the updater's cache.
      const pending = join(dir, 'cache', 'cairn-updater', 'pending')
      expect(await readdir(pending)).toContain(`Cairn-${NEXT}.AppImage`)
      expect(await readFile(join(pending, `Cairn-${NEXT}.AppImage`))).toEqual(newAppImage)
      // Nothing restarted on its own.
      expect(installs).toBe(0)
      expect(existsSync(oldAppImage)).toBe(true)
    })

    it('restart to update waits for the streaming reply, then replaces the AppImage and starts the new one', async () => {
      start()
      service.check()
      await statusWhere((s) => s.phase.kind === 'ready')
      chat.startReply()
      expect(service.restart().phase).toMatchObject({ kind: 'ready', waitingForReply: true })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(installs).toBe(0)
      expect(existsSync(oldAppImage)).toBe(true)

      chat.endReply()
      await vi.waitFor(() => expect(installs).toBe(1))
      const installed = join(dir, 'apps', `Cairn-${NEXT}.AppImage`)
      expect(existsSync(oldAppImage)).toBe(false)
      expect(await readFile(installed)).toEqual(newAppImage)
      // The new version was started (the script wrote where it runs from).
      await vi.waitFor(
        async () => expect((await readFile(marker, 'utf8')).trim()).toBe(installed),
        {
          timeout: 8_000
        }
      )
    })

    it('notify only: finds the update, downloads nothing until Download', async () => {
      start({ mode: 'notify' })
      service.check()
      const found = await settled()
      expect(found.phase).toMatchObject({ kind: 'available', version: NEXT })
      expect(requests).toEqual([`/feed/${channelFile('latest')}`])
      service.download()
      await statusWhere((s) => s.phase.kind === 'ready')
      expect(requests.at(-1)).toBe(`/feed/Cairn-${NEXT}.AppImage`)
    })

    it('the same version as the running one is "not available" (semver comparison)', async () => {
      files.set(
        `/feed/${channelFile('latest')}`,
        Buffer.from(feedYaml(CURRENT, `Cairn-${CURRENT}.AppImage`, newAppImage))
      )
      start()
      service.check()
      expect((await settled()).phase).toEqual({ kind: 'not-available' })
      expect(requests).toEqual([`/feed/${channelFile('latest')}`])
    })

    it('an older version on the feed is not a downgrade', async () => {
      files.set(
        `/feed/${channelFile('latest')}`,
        Buffer.from(feedYaml('0.9.0', 'Cairn-0.9.0.AppImage', newAppImage))
      )
      start()
      service.check()
      expect((await settled()).phase).toEqual({ kind: 'not-available' })
    })

    it('a file that does not match its sha512 is refused, removed, and says to try again', async () => {
      files.set(`/feed/Cairn-${NEXT}.AppImage`, Buffer.from('#!/bin/sh\necho tampered\n'))
      files.set(
        `/feed/${channelFile('latest')}`,
        Buffer.from(feedYaml(NEXT, `Cairn-${NEXT}.AppImage`, newAppImage))
      )
      start()
      service.check()
      const failed = await settled()
      expect(failed.phase).toMatchObject({
        kind: 'error',
        during: 'download',
        message: 'The downloaded update did not match its checksum, so it was thrown away.'
      })
      const pending = join(dir, 'cache', 'cairn-updater', 'pending')
      const left = existsSync(pending) ? await readdir(pending) : []
      expect(left.filter((name) => name.endsWith('.AppImage'))).toEqual([])
      expect(existsSync(oldAppImage)).toBe(true)
    })

    it('beta: reads the beta channel file; none published yet is said plainly', async () => {
      start({ channel: 'beta' })
      service.check()
      const none = await settled()
      expect(requests).toEqual([`/feed/${channelFile('beta')}`])
      expect(none.phase).toMatchObject({
        kind: 'error',
        during: 'check',
        message: 'The update server has no beta release for this system yet.'
      })
      const beta = '1.2.0-beta.1'
      files.set(`/feed/Cairn-${beta}.AppImage`, newAppImage)
      files.set(
        `/feed/${channelFile('beta')}`,
        Buffer.from(feedYaml(beta, `Cairn-${beta}.AppImage`, newAppImage))
      )
      service.check()
      expect((await statusWhere((s) => s.phase.kind === 'ready')).phase).toMatchObject({
        version: beta
      })
    })

    it('signature checks stay on: the adapter changes no verification setting', async () => {
      start()
      const nsisLike = updater as unknown as { verifyUpdateCodeSignature?: unknown }
      expect(nsisLike.verifyUpdateCodeSignature).toBeUndefined()
      expect(updater.disableWebInstaller).toBe(true)
      expect(updater.autoDownload).toBe(false)
      expect(updater.allowDowngrade).toBe(false)
    })
  }
)
