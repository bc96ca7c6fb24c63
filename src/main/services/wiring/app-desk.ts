import { release } from 'node:os'
import { join } from 'node:path'
import { createAppService } from '../app/app-service'
import { crashReportsIn } from '../app/crash-report'
import { createDiagnostics } from '../app/diagnostics'
import { createLinkInbox } from '../app/link-inbox'
import { MEMORY_FOLDER_NAME } from '../memory-spaces'
import { readLogTail } from '../log/rotating-file'
import { createWindowStateStore } from '../window-state/window-state-store'
import type { ServiceDeps } from './deps'
import type { Foundation } from './foundation'

/** Where the app's logs are written (main's, else <userData>/logs). */
export function logsDirOf(deps: ServiceDeps): string {
  return deps.diagnostics?.logsDir ?? join(deps.userDataDir, 'logs')
}

/** The app's own desk: its info and links out, its window's place, diagnostics and crash reports. */
export function createAppDesk(deps: ServiceDeps, { settings, secrets }: Foundation) {
  const app = createAppService({
    info: {
      ...deps.app,
      userDataFolder: deps.userDataDir,
      memoryFolder: join(deps.userDataDir, MEMORY_FOLDER_NAME)
    },
    openPath: deps.openPath,
    writeClipboard: deps.writeClipboard,
    openExternal: deps.openExternal,
    settings,
    logger: deps.logger
  })
  const logsDir = logsDirOf(deps)
  // The defaults suit tests: the log in <userData>/logs, nothing redacted twice.
  const diagnostics = createDiagnostics({
    app: { name: deps.app.name, version: deps.app.version, packaged: !!deps.diagnostics?.packaged },
    versions: deps.diagnostics?.versions ?? { node: process.versions.node },
    platform: { os: process.platform, arch: process.arch, release: release() },
    paths: { userData: deps.userDataDir, logs: logsDir, memory: app.info().memoryFolder },
    settings: () => settings.get().settings,
    secretStatus: () => secrets.status(),
    readLog: (lines) => readLogTail(logsDir, lines),
    scrub: deps.diagnostics?.scrub ?? ((text) => text)
  })
  return {
    app,
    windowState: createWindowStateStore(deps.userDataDir),
    diagnostics,
    crashReports: crashReportsIn(logsDir, deps.app),
    links: createLinkInbox()
  }
}
