import type {
  App,
  BrowserWindow,
  Clipboard,
  CrashReporter,
  Dialog,
  GlobalShortcut,
  IpcMain,
  Protocol,
  Screen,
  Session,
  Shell
} from 'electron'

import type { TrayElectron } from '../platform/desktop/tray'

/** The parts of Electron the lifecycle uses; passed in so it can run against a fake in tests. */
export type ElectronApi = {
  app: Pick<
    App,
    | 'requestSingleInstanceLock'
    | 'quit'
    | 'on'
    | 'whenReady'
    | 'getPath'
    | 'setPath'
    | 'setAppLogsPath'
    | 'getName'
    | 'getVersion'
    | 'isPackaged'
    | 'exit'
    | 'setAsDefaultProtocolClient'
  > & { readonly commandLine: Pick<App['commandLine'], 'hasSwitch'> }
  BrowserWindow: typeof BrowserWindow
  dialog: Pick<
    Dialog,
    'showErrorBox' | 'showMessageBox' | 'showMessageBoxSync' | 'showSaveDialog' | 'showOpenDialog'
  >
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  screen: Pick<Screen, 'getAllDisplays'>
  session: {
    readonly defaultSession: Pick<
      Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler'
    >
  }
  shell: Pick<Shell, 'openExternal' | 'openPath'>
  clipboard: Pick<Clipboard, 'writeText'>
  crashReporter: Pick<CrashReporter, 'start'>
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister' | 'isRegistered'>
} & TrayElectron

/** The process bits start-up reads (argv) and the crash handlers listen on. */
export type HostProcess = Pick<NodeJS.Process, 'on' | 'off' | 'argv'>
