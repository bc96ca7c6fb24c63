import type { App } from 'electron'

/** CAIRN_USER_DATA_DIR points a run at its own data folder (tests, a second profile). */
export function configureUserData(
  app: Pick<App, 'setPath' | 'getPath'>,
  env: NodeJS.ProcessEnv
): string {
  const override = env.CAIRN_USER_DATA_DIR
  if (override) app.setPath('userData', override)
  return app.getPath('userData')
}
