import { join } from 'node:path'
import type { App, CrashReporter } from 'electron'
import { CRASH_DUMPS_FOLDER } from '../../services/app/crash-report'

/**
 * Crashpad's minidumps go to `<logs>/crash-dumps` and stay there: nothing is ever uploaded (no
 * submit URL, uploadToServer false). Settings → About summarises them for a report the user sends.
 * Called early, before the app is ready, so processes started later are covered.
 */
export function startLocalCrashReporter(
  app: Pick<App, 'setPath'>,
  crashReporter: Pick<CrashReporter, 'start'>,
  logsDir: string
): string {
  const dir = join(logsDir, CRASH_DUMPS_FOLDER)
  app.setPath('crashDumps', dir)
  crashReporter.start({ uploadToServer: false })
  return dir
}
