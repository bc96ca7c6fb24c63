import { randomUUID } from 'node:crypto'
import * as fs from 'node:fs'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzip, gzipSync } from 'node:zlib'
import { hashOf } from '../files'

// Content-addressed versions: <dir>/<sha256>.gz, gzip of the exact bytes, in one flat folder.
// A blob is written durably (temp file, fdatasync, rename into place, fsync the folder) before any
// entry names it, so a crash leaves at worst a temp file or an unreferenced blob, both swept later.
// A rename over an existing blob replaces it with the same bytes. Writes start as soon as a command
// knows the bytes, so they run beside the command's own write instead of after it.

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)
const fsyncAsync = promisify(fs.fsync)
/** Above this, compressing on the event loop would stall main: use the thread pool. */
const SYNC_ZIP_MAX = 256 * 1024
/** Big texts: the fastest level (several times quicker than the default, a little larger). */
const FAST_ZIP = { level: 1 }
const BLOB_NAME = /^([0-9a-f]{64})\.gz$/
const TEMP = /\.tmp$/
const BLOCK = 4096

export class BlobStore {
  /** hash → space the blob takes on disk (rounded up to whole blocks), for every blob present. */
  private readonly sizes = new Map<string, number>()
  private readonly pending = new Map<string, Promise<void>>()
  private bytes = 0

  private constructor(readonly dir: string) {}

  /** Loads the list of blobs and removes temp files a crash left behind. */
  static async open(dir: string): Promise<BlobStore> {
    const store = new BlobStore(dir)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const names = await readdir(dir)
    for (let i = 0; i < names.length; i += 256) {
      await Promise.all(
        names.slice(i, i + 256).map(async (name) => {
          const match = BLOB_NAME.exec(name)
          if (match) store.note(match[1] as string, (await stat(join(dir, name))).size)
          else if (TEMP.test(name)) await rm(join(dir, name), { force: true })
        })
      )
    }
    return store
  }

  get totalBytes(): number {
    return this.bytes
  }

  has(hash: string): boolean {
    return this.sizes.has(hash)
  }

  sizeOf(hash: string): number {
    return this.sizes.get(hash) ?? 0
  }

  hashes(): IterableIterator<string> {
    return this.sizes.keys()
  }

  /** Starts writing a blob (once per hash); the promise settles when it is durable. */
  put(hash: string, data: string | Uint8Array): Promise<void> {
    if (this.sizes.has(hash)) return Promise.resolve()
    const running = this.pending.get(hash)
    if (running) return running
    const task = this.write(hash, data).finally(() => this.pending.delete(hash))
    this.pending.set(hash, task)
    return task
  }

  private async write(hash: string, data: string | Uint8Array): Promise<void> {
    const raw = typeof data === 'string' ? Buffer.from(data) : data
    const packed = raw.byteLength > SYNC_ZIP_MAX ? await gzipAsync(raw, FAST_ZIP) : gzipSync(raw)
    const temp = join(this.dir, `.${hash}.${randomUUID()}.tmp`)
    // All on the thread pool: creating a file waits for the filesystem journal while the command's
    // own write is being synced (milliseconds, measured), which must not hold up the main thread.
    const handle = await fs.promises.open(temp, 'wx', 0o600)
    try {
      try {
        await handle.write(packed)
        await handle.datasync()
      } finally {
        await handle.close()
      }
      await fs.promises.rename(temp, this.pathOf(hash))
    } catch (error) {
      await fs.promises.rm(temp, { force: true })
      throw error
    }
    await syncDir(this.dir)
    this.note(hash, packed.byteLength)
  }

  /**
   * Waits for every blob write started so far; only then may an entry name them. Failures are
   * reported, not thrown (the entry then records the hash only).
   */
  async settle(onError: (error: unknown) => void): Promise<void> {
    while (this.pending.size) {
      const results = await Promise.allSettled([...this.pending.values()])
      for (const result of results) if (result.status === 'rejected') onError(result.reason)
    }
  }

  /** The exact bytes of a version, or null when absent or not what its name says. */
  async read(hash: string): Promise<Buffer | null> {
    if (!this.sizes.has(hash)) return null
    try {
      const bytes = await gunzipAsync(await readFile(this.pathOf(hash)))
      return hashOf(bytes) === hash ? bytes : null
    } catch {
      return null
    }
  }

  async remove(hash: string): Promise<void> {
    const size = this.sizes.get(hash)
    if (size === undefined) return
    await rm(this.pathOf(hash), { force: true })
    this.sizes.delete(hash)
    this.bytes -= size
  }

  private pathOf(hash: string): string {
    return join(this.dir, `${hash}.gz`)
  }

  private note(hash: string, size: number): void {
    // Retention budgets what the disk gives up: a small blob still takes a whole block.
    const taken = Math.max(1, Math.ceil(size / BLOCK)) * BLOCK
    if (!this.sizes.has(hash)) this.bytes += taken
    this.sizes.set(hash, taken)
  }
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const fd = fs.openSync(dir, 'r')
  try {
    await fsyncAsync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
