/** True on macOS, where shortcuts use Cmd instead of Ctrl. */
export function isMac(): boolean {
  return /mac/i.test(navigator.platform || navigator.userAgent)
}

/** The modifier people expect to read next to a shortcut on this platform. */
export function modifierLabel(): string {
  return isMac() ? '⌘' : 'Ctrl+'
}

/** Ctrl (or Cmd) with nothing else held: the app's own shortcuts, never Ctrl+Shift or AltGr combos. */
export function isPrimaryShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

/** Ctrl (or Cmd) with Shift and nothing else: the shifted twin of a primary shortcut. */
export function isShiftedShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.shiftKey
}
