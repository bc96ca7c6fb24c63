import { debugSwitches } from '../platform/dev-overrides'
import type { ElectronApi, HostProcess } from './electron-api'

/**
 * A packaged app never runs with a debugger attached: refused before any window or service exists.
 * True when start-up must stop here (the app is already exiting).
 */
export function refuseDebugging(electron: Pick<ElectronApi, 'app' | 'dialog'>, host: HostProcess) {
  const { app, dialog } = electron
  const switches = app.isPackaged
    ? debugSwitches(host.argv, (name) => app.commandLine.hasSwitch(name))
    : []
  if (switches.length === 0) return false
  dialog.showErrorBox(
    'Cairn cannot start',
    `Cairn was started with a debugging switch (${switches.map((name) => `--${name}`).join(', ')}). ` +
      'It would let another program read your conversations and your API key, so Cairn does not ' +
      'run with it. Start Cairn again without that switch.'
  )
  app.exit(1)
  return true
}
