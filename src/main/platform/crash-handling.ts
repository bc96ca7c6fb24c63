import type { Logger } from '../services/log/logger'

/*
 * Errors nobody caught: logged and shown to the user, never a silent exit. The dialogs are injected
 * (Electron's dialog module in the app, spies in tests).
 */

export interface CrashDialogs {
  /** A modal error message (dialog.showErrorBox). */
  showError(title: string, message: string): void
  /** Asks whether to reload a page whose renderer died; true for "Reload". */
  askReload(message: string): Promise<boolean>
}

type ProcessEvents = Pick<NodeJS.Process, 'on' | 'off'>

const INSTALLED = Symbol.for('cairn.crash-handlers')
type Installed = { uncaught: (error: unknown) => void; rejection: (reason: unknown) => void }

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}

/**
 * Catches uncaughtException and unhandledRejection in main. One set is installed at a time (a
 * second start replaces the first); the returned function removes it. Dialogs are limited to one
 * per `quietMs`, so an error in a loop cannot bury the user in windows.
 */
export function installCrashHandlers(
  target: ProcessEvents,
  deps: { logger: Logger; dialogs: CrashDialogs; quietMs?: number; now?: () => number }
): () => void {
  const holder = target as ProcessEvents & { [INSTALLED]?: Installed }
  const previous = holder[INSTALLED]
  if (previous) {
    target.off('uncaughtException', previous.uncaught)
    target.off('unhandledRejection', previous.rejection)
  }
  const quietMs = deps.quietMs ?? 10_000
  const now = deps.now ?? Date.now
  let lastDialog = -Infinity
  const report = (kind: string, error: unknown): void => {
    try {
      deps.logger.error(kind, { error })
    } catch {
      // The report below still happens.
    }
    if (now() - lastDialog < quietMs) return
    lastDialog = now()
    try {
      deps.dialogs.showError(
        'Cairn ran into an unexpected error',
        `${describe(error)}\n\nCairn keeps running and your memory and conversations are saved. ` +
          'If something looks wrong, restart Cairn. Details are in the log (About → Copy diagnostics).'
      )
    } catch {
      // No dialog possible (e.g. during shutdown): the log line is the record.
    }
  }
  const installed: Installed = {
    uncaught: (error) => report('uncaught exception in main', error),
    rejection: (reason) => report('unhandled promise rejection in main', reason)
  }
  target.on('uncaughtException', installed.uncaught)
  target.on('unhandledRejection', installed.rejection)
  holder[INSTALLED] = installed
  return () => {
    target.off('uncaughtException', installed.uncaught)
    target.off('unhandledRejection', installed.rejection)
    if (holder[INSTALLED] === installed) delete holder[INSTALLED]
  }
}

export interface RenderProcessGoneDetails {
  reason: string
  exitCode: number
}

/** A crashed or killed renderer: log it, then offer to reload the page instead of a dead window. */
export function watchRenderer(
  contents: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: RenderProcessGoneDetails) => void
    ): unknown
    reload(): void
    isDestroyed(): boolean
  },
  deps: { logger: Logger; dialogs: CrashDialogs }
): void {
  contents.on('render-process-gone', (_event, details) => {
    deps.logger.error('renderer process gone', {
      reason: details.reason,
      exitCode: details.exitCode
    })
    if (details.reason === 'clean-exit') return
    void deps.dialogs
      .askReload(
        `The Cairn window stopped working (${details.reason}). Your memory and conversations are saved. Reload the window?`
      )
      .then((reload) => {
        if (reload && !contents.isDestroyed()) contents.reload()
      })
      .catch((error: unknown) => deps.logger.error('reload prompt failed', { error }))
  })
}
