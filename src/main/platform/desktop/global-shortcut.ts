import type { GlobalShortcut } from 'electron'
import type { ShortcutRegistrar } from '../../services/quick-ask/shortcut-service'

/**
 * Electron's globalShortcut as the shortcut service sees it. Some systems let a combination
 * another app holds "register" silently, so success also asks isRegistered.
 */
export function createShortcutRegistrar(
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister' | 'isRegistered'>
): ShortcutRegistrar {
  return {
    register: (accelerator, onPress) =>
      globalShortcut.register(accelerator, onPress) && globalShortcut.isRegistered(accelerator),
    unregister: (accelerator) => globalShortcut.unregister(accelerator)
  }
}
