import { acceleratorLabel, checkAccelerator } from '@shared/app/accelerator'
import { CairnError } from '@shared/errors'
import type { ShortcutStatus } from '@shared/app/quick-ask'
import type { Logger } from '../log/logger'
import type { SettingsStore } from '../settings/settings-store'

/**
 * The system's global shortcuts (Electron's globalShortcut, in platform/desktop/global-shortcut.ts).
 * `register` answers false, or throws, when the system refuses the combination.
 */
export interface ShortcutRegistrar {
  register(accelerator: string, onPress: () => void): boolean
  unregister(accelerator: string): void
}

export interface ShortcutService {
  status(): ShortcutStatus
  /** Takes the saved shortcut from the system; once main can (after ready), with what a press does. */
  attach(registrar: ShortcutRegistrar, onPress: () => void): ShortcutStatus
  /**
   * Validates, asks the system for the new shortcut, and only then saves it and lets the old one go.
   * Refused (SHORTCUT_TAKEN) or unsaved (SETTINGS_WRITE_FAILED): the old shortcut stays as it was.
   */
  set(accelerator: string): Promise<ShortcutStatus>
  /** Gives the shortcut back to the system (quitting). */
  dispose(): void
}

export interface ShortcutServiceOptions {
  settings: Pick<SettingsStore, 'get' | 'update'>
  /** process.platform: how the shortcut is named in messages ("Ctrl+Shift+Space", "⌘⇧Space"). */
  platform: string
  logger: Logger
}

export function createShortcutService({
  settings,
  platform,
  logger
}: ShortcutServiceOptions): ShortcutService {
  let registrar: ShortcutRegistrar | null = null
  let onPress: () => void = () => undefined
  /** The accelerator the system gave Cairn, if any. */
  let held: string | null = null
  let problem: string | null = null
  // One change at a time: two quick changes must not both hold a shortcut.
  let queue: Promise<unknown> = Promise.resolve()

  const label = (accelerator: string) => acceleratorLabel(accelerator, platform)
  const saved = () => settings.get().settings.quickAskShortcut

  function tryRegister(accelerator: string): boolean {
    if (!registrar) return false
    try {
      return registrar.register(accelerator, () => onPress()) === true
    } catch (error) {
      // Electron throws on a combination its platform cannot express; to the user it is refused too.
      logger.warn('global shortcut refused with an error', { accelerator, error })
      return false
    }
  }

  function release(accelerator: string): void {
    try {
      registrar?.unregister(accelerator)
    } catch (error) {
      logger.warn('global shortcut could not be released', { accelerator, error })
    }
  }

  function status(): ShortcutStatus {
    const accelerator = saved()
    return {
      accelerator,
      label: label(accelerator),
      registered: held === accelerator,
      problem:
        held === accelerator
          ? null
          : (problem ?? 'Global shortcuts are not available here. Restart Cairn and try again.')
    }
  }

  async function change(input: string): Promise<ShortcutStatus> {
    const checked = checkAccelerator(input)
    if (!checked.ok)
      throw new CairnError('BAD_INPUT', `This shortcut cannot be used: ${checked.reason}.`)
    const next = checked.accelerator
    if (!registrar)
      throw new CairnError(
        'QUICK_ASK_UNAVAILABLE',
        'Global shortcuts are not available here. Restart Cairn and try again.'
      )
    if (held === next) return status()
    if (!tryRegister(next)) {
      logger.info('global shortcut taken', { accelerator: next })
      throw new CairnError(
        'SHORTCUT_TAKEN',
        `Another app uses ${label(next)}; choose another shortcut.`
      )
    }
    try {
      await settings.update({ quickAskShortcut: next })
    } catch (error) {
      // Not saved: the new one goes back, the old one never left.
      release(next)
      throw error
    }
    if (held !== null) release(held)
    held = next
    problem = null
    logger.info('global shortcut changed', { accelerator: next })
    return status()
  }

  return {
    status,
    attach(next, press) {
      if (held !== null) release(held)
      registrar = next
      onPress = press
      held = null
      const accelerator = saved()
      if (tryRegister(accelerator)) {
        held = accelerator
        problem = null
      } else {
        problem = `Another app uses ${label(accelerator)}, so quick ask has no shortcut. Choose another one below.`
        logger.warn('global shortcut taken at start', { accelerator })
      }
      return status()
    },
    set(accelerator) {
      const next = queue.then(() => change(accelerator))
      queue = next.catch(() => undefined)
      return next
    },
    dispose() {
      if (held !== null) release(held)
      held = null
      registrar = null
    }
  }
}
