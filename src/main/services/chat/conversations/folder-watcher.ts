import { basename } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { Logger } from '../../log/logger'
import { TEMP, type ConversationStore } from './conversation-store'

/*
 * Watches the conversations folder for files another program (or another Cairn) adds, changes
 * or removes, so the list shows them without a restart. The store tells Cairn's own writes
 * apart by their bytes, so they never come back as outside changes. Events are handled one at a
 * time, in order: a file changed twice is read twice, and the second read is the disk as it is.
 */

export interface OutsideChange {
  id: string
  kind: 'changed' | 'removed'
}

export interface ConversationFolderWatcher {
  /** Resolves when every event seen so far has been handled (tests, shutdown). */
  idle(): Promise<void>
  dispose(): Promise<void>
}

export async function watchConversationFolder(options: {
  folder: string
  store: Pick<ConversationStore, 'applyOutside'>
  /** A conversation whose reply is running keeps its live copy: its own save follows. */
  skip(id: string): boolean
  onChange(change: OutsideChange): void
  logger: Logger
}): Promise<ConversationFolderWatcher> {
  let queue: Promise<void> = Promise.resolve()
  let closed = false
  const watcher: FSWatcher = watch(options.folder, {
    depth: 0,
    ignoreInitial: true,
    followSymlinks: false,
    ignored: (path) => TEMP.test(basename(path))
  })
  const handle = async (path: string) => {
    const name = basename(path)
    if (closed || options.skip(name.replace(/\.json$/, ''))) return
    const change = await options.store.applyOutside(name)
    if (change && !closed) options.onChange(change)
  }
  watcher.on('all', (event, path) => {
    if (event !== 'add' && event !== 'change' && event !== 'unlink') return
    queue = queue
      .then(() => handle(path))
      .catch((error: unknown) =>
        options.logger.warn('outside conversation change not read', { error })
      )
  })
  watcher.on('error', (error) => options.logger.warn('conversations watcher failed', { error }))
  await new Promise<void>((done) => watcher.once('ready', () => done()))
  return {
    idle: () => queue,
    async dispose() {
      closed = true
      await watcher.close()
      await queue
    }
  }
}
