import { useCallback, useEffect, useState } from 'react'
import type { SettingsState } from '@shared/contract'
import type { Settings } from '@shared/app/settings'
import { call, onEvent } from '../../lib/api'
import { toShownError, type ShownError } from '../../lib/errors'

export interface SettingsModel {
  phase: 'loading' | 'ready' | 'failed'
  settings: Settings | null
  notice: SettingsState['notice']
  error: ShownError | null
}

export interface SettingsController extends SettingsModel {
  /** Takes settings main just returned (after a save) without waiting for the event. */
  replace(settings: Settings): void
  retry(): void
  dismissNotice(): void
}

/** The app's one copy of the saved settings: loaded from main, refreshed on settings:changed. */
export function useSettingsState(): SettingsController {
  const [model, setModel] = useState<SettingsModel>({
    phase: 'loading',
    settings: null,
    notice: null,
    error: null
  })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    call((api) => api.settings.get()).then(
      ({ settings, notice }) => {
        if (live) setModel({ phase: 'ready', settings, notice, error: null })
      },
      (error: unknown) => {
        if (live) setModel((m) => ({ ...m, phase: 'failed', error: toShownError(error) }))
      }
    )
    return () => {
      live = false
    }
  }, [attempt])

  useEffect(() => {
    try {
      return onEvent('settings:changed', ({ settings }) =>
        setModel((m) => ({ ...m, phase: 'ready', settings, error: null }))
      )
    } catch {
      return // The load above reports the missing bridge.
    }
  }, [])

  const replace = useCallback((settings: Settings) => setModel((m) => ({ ...m, settings })), [])
  const retry = useCallback(() => {
    setModel((m) => ({ ...m, phase: 'loading', error: null }))
    setAttempt((n) => n + 1)
  }, [])
  const dismissNotice = useCallback(() => setModel((m) => ({ ...m, notice: null })), [])

  return { ...model, replace, retry, dismissNotice }
}
