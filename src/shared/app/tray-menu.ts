// The tray (menu bar on macOS) menu as plain data: built by one pure function, turned into an
// Electron Menu by main (platform/desktop/tray.ts) and shown as a preview in Settings, so both read the same.

export type TrayAction =
  'open-window' | 'new-chat' | 'quick-ask' | 'open-memory-folder' | 'pause-memory' | 'quit'

export type TrayMenuItem =
  | { kind: 'action'; action: TrayAction; label: string; checked?: boolean; enabled: boolean }
  | { kind: 'separator' }

export interface TrayMenuState {
  /** New chats start without memory (Settings → "New chats start with memory" is off). */
  memoryPaused: boolean
  /** Memory could not be opened this session: nothing to pause, no folder to show. */
  memoryOff: boolean
  /** Another part of the app (the quick-ask window) answers "Quick ask". */
  quickAskAvailable: boolean
  platform: string
}

export function trayMenuModel(state: TrayMenuState): TrayMenuItem[] {
  const action = (
    name: TrayAction,
    label: string,
    extra: { checked?: boolean; enabled?: boolean } = {}
  ): TrayMenuItem => ({
    kind: 'action',
    action: name,
    label,
    enabled: extra.enabled ?? true,
    ...(extra.checked === undefined ? {} : { checked: extra.checked })
  })
  return [
    action('open-window', 'Open Cairn'),
    { kind: 'separator' },
    action('new-chat', 'New chat'),
    ...(state.quickAskAvailable ? [action('quick-ask', 'Quick ask…')] : []),
    { kind: 'separator' },
    action(
      'open-memory-folder',
      state.platform === 'darwin' ? 'Show memory folder in Finder' : 'Open memory folder',
      {
        enabled: !state.memoryOff
      }
    ),
    action('pause-memory', 'Pause memory for new chats', {
      checked: state.memoryPaused,
      enabled: !state.memoryOff
    }),
    { kind: 'separator' },
    action('quit', 'Quit Cairn')
  ]
}

/**
 * Whether closing the last window keeps Cairn running in the tray. The setting wins; unset (null),
 * it is on except on Linux, where desktops show tray icons differently or not at all, so a hidden
 * app there could only be found again with a process manager.
 */
export function keepsRunningInTray(setting: boolean | null | undefined, platform: string): boolean {
  return setting ?? platform !== 'linux'
}
