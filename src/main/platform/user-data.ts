import { join, resolve } from 'node:path'
import type { App } from 'electron'

/**
 * CAIRN_USER_DATA_DIR points a run at its own data folder (tests, a second profile). Call it before
 * anything that uses the folder, the single-instance lock included (Electron keeps it there).
 */
export function configureUserData(
  app: Pick<App, 'setPath' | 'getPath'>,
  env: NodeJS.ProcessEnv
): string {
  const override = env.CAIRN_USER_DATA_DIR?.trim()
  // Electron refuses relative paths; resolve one against the working folder instead of crashing.
  if (override) app.setPath('userData', resolve(override))
  return app.getPath('userData')
}

/**
 * The log folder (app.getPath('logs')): Electron's default (~/Library/Logs/Cairn on macOS, inside
 * the user-data folder elsewhere), or `<CAIRN_USER_DATA_DIR>/logs` so a test profile keeps its log.
 */
export function configureLogsPath(
  app: Pick<App, 'setAppLogsPath' | 'getPath'>,
  userDataDir: string,
  env: NodeJS.ProcessEnv
): string {
  if (env.CAIRN_USER_DATA_DIR?.trim()) app.setAppLogsPath(join(userDataDir, 'logs'))
  else app.setAppLogsPath()
  return app.getPath('logs')
}
