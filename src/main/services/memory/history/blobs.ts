import { randomUUID } from 'node:crypto'
import * as fs from 'node:fs'
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzip, gzipSync } from 'node:zlib'
import { hashOf } from '../files'

// Content-addressed versions: <dir>/<first two hex>/<sha256>.gz, gzip of the exact bytes.
// A blob is written durably (temp file, fdatasync, link into place, fsync the folder) before any
// entry names it, so a crash leaves at worst a temp file or an unreferenced blob, both swept later.

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)
const fdatasyncAsync = promisify(fs.fdatasync)
/** Above this, compressing on the event loop would stall main: use the thread pool. */
const SYNC_ZIP_MAX = 256 * 1024
const BLOB_NAME = /^([0-9a-f]{64})\.gz$/
const TEMP = /\.tmp$/

export class BlobStore {
  /** hash → compressed size on disk, for every blob present. */
  private readonly sizes = new Map<string, number>()
  private readonly pending = new Map<string, Promise<void>>()
  private readonly made = new Set<string>()
  private bytes = 0

  private constructor(readonly dir: string) {}

  /** Loads the list of blobs and removes temp files a crash left behind. */
  static async open(dir: string): Promise<BlobStore> {
    const store = new BlobStore(dir)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    for (const fan of await readdir(dir)) {
      if (!/^[0-9a-f]{2}$/.test(fan)) continue
      store.made.add(fan)
      for (const name of await readdir(join(dir, fan)).catch(() => [] as string[])) {
        const at = join(dir, fan, name)
        const match = BLOB_NAME.exec(name)
        if (match) store.note(match[1] as string, (await stat(at)).size)
        else if (TEMP.test(name)) await rm(at, { force: true })
      }
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
    const packed = raw.byteLength > SYNC_ZIP_MAX ? await gzipAsync(raw) : gzipSync(raw)
    const fan = hash.slice(0, 2)
    const folder = join(this.dir, fan)
    if (!this.made.has(fan)) {
      await mkdir(folder, { recursive: true, mode: 0o700 })
      await syncDir(this.dir)
      this.made.add(fan)
    }
    const target = join(folder, `${hash}.gz`)
    const temp = join(folder, `.${hash}.${randomUUID()}.tmp`)
    const handle = await open(temp, 'wx', 0o600)
    try {
      try {
        await handle.write(packed)
        await fdatasyncAsync(handle.fd)
      } finally {
        await handle.close()
      }
      try {
        fs.linkSync(temp, target) // never replaces: an existing blob has the same bytes
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') fs.renameSync(temp, target)
      }
    } finally {
      await rm(temp, { force: true })
    }
    await syncDir(folder)
    this.note(hash, packed.byteLength)
  }

  /** Waits for every blob write started so far; failures are reported, not thrown. */
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
    return join(this.dir, hash.slice(0, 2), `${hash}.gz`)
  }

  private note(hash: string, size: number): void {
    if (!this.sizes.has(hash)) this.bytes += size
    this.sizes.set(hash, size)
  }
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
