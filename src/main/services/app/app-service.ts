import { lstat } from 'node:fs/promises'
import type { AppInfo } from '@shared/contract'
import { CairnError } from '@shared/errors'
import {
  isAppLink,
  parseExternalUrl,
  type OpenExternalInput,
  type OpenExternalResult
} from '@shared/app/links'
import { ensurePrivateDir } from '../fs/durable'
import { openInFileManager, type OpenFolder } from '../fs/open-folder'
import type { Logger } from '../log/logger'
import type { SettingsStore } from '../settings/settings-store'

/** Opens a folder in the OS file manager; resolves to an error text, empty on success (shell.openPath). */
export type OpenPath = OpenFolder

/** Puts text on the system clipboard (Electron's clipboard.writeText). */
export type WriteClipboard = (text: string) => void

/** Opens a web address in the OS browser (Electron's shell.openExternal). */
export type OpenExternal = (url: string) => Promise<void>

export interface AppService {
  info(): AppInfo
  openMemoryFolder(): Promise<{ path: string }>
  copyText(text: string): { copied: number }
  openExternal(input: OpenExternalInput): Promise<OpenExternalResult>
}

export interface AppServiceOptions {
  info: AppInfo
  openPath: OpenPath
  writeClipboard?: WriteClipboard | undefined
  openExternal?: OpenExternal | undefined
  /** Trusted link sites are read from and added to settings. */
  settings?: Pick<SettingsStore, 'get' | 'update'> | undefined
  logger: Logger
}

export function createAppService({
  info,
  openPath,
  writeClipboard,
  openExternal,
  settings,
  logger
}: AppServiceOptions): AppService {
  return {
    info: () => info,
    /**
     * Opens a link from Claude's answer: https only (checked again here, whatever the caller),
     * and only once the user confirmed it or trusted its site. Only the site is logged.
     */
    async openExternal({ url, confirmed, trustHost }) {
      const parsed = parseExternalUrl(url)
      if (!parsed.ok)
        throw new CairnError('BAD_INPUT', `This link was not opened: ${parsed.reason}.`)
      const { host } = parsed
      const trustedHosts = settings?.get().settings.trustedLinkHosts ?? []
      const trusted = trustedHosts.includes(host)
      // The app's own links (the Console's API keys page) are allow-listed by exact address.
      if (!trusted && confirmed !== true && !isAppLink(parsed.url)) return { opened: false, host }
      const cannot = `Your browser could not be opened for this link; copy the link and paste it into your browser.`
      if (!openExternal) throw new CairnError('OPEN_LINK_FAILED', cannot)
      try {
        await openExternal(parsed.url)
      } catch (error) {
        logger.warn('browser did not open a link', { host, error })
        throw new CairnError('OPEN_LINK_FAILED', cannot)
      }
      logger.info('link opened in the browser', { host, trusted })
      if (trustHost === true && !trusted && settings) {
        // The link is open either way; a full list only means the next link asks again.
        await settings
          .update({ trustedLinkHosts: [...trustedHosts, host] })
          .catch((error: unknown) => logger.warn('site not trusted', { host, error }))
      }
      return { opened: true, host }
    },
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
      await openInFileManager(openPath, path, 'the memory folder', logger)
      return { path }
    }
  }
}
