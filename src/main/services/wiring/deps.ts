import type { AppInfo } from '@shared/contract'
import type { OpenExternal, OpenPath, WriteClipboard } from '../app/app-service'
import type { BackgroundTimers } from '../background-timers'
import type { ChooseOpenFile } from '../backup'
import type { AnthropicOptions, ChooseSavePath, PickFiles } from '../chat'
import type { Logger } from '../log/logger'
import type { PickFolder } from '../projects'
import type { Keychain } from '../secrets/keychain'

/** What main (or a test) hands createServices: the OS's dialogs and stores, the paths, the clocks. */
export interface ServiceDeps {
  userDataDir: string
  keychain: Keychain
  /** Keychain service name (tests pass their own). */
  keychainService?: string
  openPath: OpenPath
  /** The system clipboard (main's clipboard.writeText); without it, copying answers an error. */
  writeClipboard?: WriteClipboard
  /** The OS browser (main's shell.openExternal); without it, links answer an error. */
  openExternal?: OpenExternal
  /** The OS save dialog (main's dialog.showSaveDialog); without it, exports answer an error. */
  chooseSavePath?: ChooseSavePath
  logger: Logger
  env: Record<string, string | undefined>
  app: Pick<AppInfo, 'name' | 'version' | 'platform' | 'electronVersion'>
  /** For app:diagnostics; the defaults suit tests (log in <userData>/logs, nothing redacted twice). */
  diagnostics?: {
    logsDir: string
    packaged: boolean
    versions: Record<string, string | undefined>
    scrub: (text: string) => string
  }
  /** The OS open dialog for attachments (main's dialog.showOpenDialog); tests pass their own. */
  pickFiles?: PickFiles
  /** The OS folder dialog ("New project from a folder"); without it, picking a folder answers an error. */
  pickFolder?: PickFolder
  /** The OS open dialog for one file (Import memory); without it, the first file `pickFiles` answers. */
  chooseOpenFile?: ChooseOpenFile
  /** Where the chat service sends requests (tests: the fake server); else api.anthropic.com. */
  anthropic?: AnthropicOptions
  /**
   * Start without the memory engine (the user chose it after the folder could not be opened):
   * chat works without the memory tool and memory:* calls answer MEMORY_OFF with this reason.
   */
  memoryOff?: { reason: string }
  /** This computer's name (platform code reads the OS host name): sync names kept copies after it. */
  deviceName?: string
  /** Update checks, sync rounds and retries, memory sweeps, chat retries (e2e: the test's). */
  background?: BackgroundTimers
  /**
   * Claude Desktop's `claude_desktop_config.json`, read by Import from Claude Desktop (tests: a
   * file of their own); default: where Claude Desktop keeps it on this system.
   */
  claudeDesktopConfig?: string
}
