import { lstat } from 'node:fs/promises'
import type { AppInfo } from '@shared/contract'
import { CairnError } from '@shared/errors'
import { ensurePrivateDir } from '../fs/durable'
import type { Logger } from '../log/logger'

/** Opens a folder in the OS file manager; resolves to an error text, empty on success (shell.openPath). */
export type OpenPath = (path: string) => Promise<string>

/** Puts text on the system clipboard (Electron's clipboard.writeText). */
export type WriteClipboard = (text: string) => void

export interface AppService {
  info(): AppInfo
  openMemoryFolder(): Promise<{ path: string }>
  copyText(text: string): { copied: number }
}

export interface AppServiceOptions {
  info: AppInfo
  openPath: OpenPath
  writeClipboard?: WriteClipboard | undefined
  logger: Logger
}

export function createAppService({
  info,
  openPath,
  writeClipboard,
  logger
}: AppServiceOptions): AppService {
  return {
    info: () => info,
    copyText(text) {
      if (!writeClipboard)
        throw new CairnError(
          'INTERNAL',
          'The clipboard is not available here. Select the text and copy it by hand.'
        )
      try {
        writeClipboard(text)
      } catch (error) {
        logger.warn('clipboard write failed', { error })
        throw new CairnError(
          'INTERNAL',
          'The text could not be put on the clipboard. Try again, or select it and copy it by hand.'
        )
      }
      // Only the size is logged: what was copied may be code or diagnostics.
      logger.info('copied to clipboard', { chars: text.length })
      return { copied: text.length }
    },
    async openMemoryFolder() {
      const path = info.memoryFolder
      // The file manager would show (and the user would edit) wherever a link points.
      const refuseLink = async (): Promise<void> => {
        const linked = await lstat(path).then(
          (stats) => stats.isSymbolicLink(),
          () => false
        )
        if (!linked) return
        logger.warn('memory folder is a symbolic link; not opened')
        throw new CairnError(
          'OPEN_FOLDER_FAILED',
          'The memory folder is a symbolic link to another place, and Cairn never follows it. ' +
            `Replace the link at ${path} with a real folder, then restart Cairn.`
        )
      }
      await refuseLink()
      try {
        await ensurePrivateDir(path)
      } catch (error) {
        logger.error('memory folder could not be created', { error })
        throw new CairnError(
          'OPEN_FOLDER_FAILED',
          `The memory folder could not be created (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check that ${path} is writable.`
        )
      }
      await refuseLink()
      let failure: string
      try {
        failure = await openPath(path)
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error)
      }
      if (failure) {
        logger.warn('file manager did not open the memory folder', { failure })
        throw new CairnError(
          'OPEN_FOLDER_FAILED',
          `Your file manager could not open the memory folder (${failure}). It is at ${path}; open it from there.`
        )
      }
      return { path }
    }
  }
}
