import { homedir } from 'node:os'
import { join } from 'node:path'

/** Where Claude Desktop keeps `claude_desktop_config.json` on this system (null: not known). */
export function claudeDesktopConfigPath(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  home = homedir()
): string | null {
  const file = 'claude_desktop_config.json'
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', file)
  if (platform === 'win32') {
    const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming')
    return join(appData, 'Claude', file)
  }
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', file)
}
