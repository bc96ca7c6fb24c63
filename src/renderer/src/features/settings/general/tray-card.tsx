import { useState } from 'react'
import type { AppInfo } from '@shared/contract'
import type { Settings } from '@shared/app/settings'
import { keepsRunningInTray, trayMenuModel } from '@shared/app/tray-menu'
import { Card } from '../../../components/card'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/**
 * "Keep running in the tray when the window closes", applied at once (the icon appears or goes),
 * with the tray menu as main builds it, from the same model.
 */
export function TrayCard({
  settings,
  info,
  onSaved
}: {
  settings: Settings
  info: AppInfo | null
  onSaved: (settings: Settings) => void
}) {
  const [shown, setShown] = useState<boolean | null>(null)
  const [error, setError] = useState<string | null>(null)
  const platform = info?.platform ?? ''
  const mac = platform === 'darwin'
  const on = shown ?? keepsRunningInTray(settings.keepInTray, platform)
  const place = mac ? 'menu bar' : 'tray'
  const toggle = (keepInTray: boolean): void => {
    setShown(keepInTray)
    setError(null)
    call((api) => api.settings.update({ keepInTray })).then(
      (saved) => {
        onSaved(saved)
        setShown(null)
      },
      (failure: unknown) => {
        setShown(null)
        setError(toShownError(failure).message)
      }
    )
  }
  const menu = trayMenuModel({
    memoryPaused: settings.newChatMemory === 'off',
    memoryOff: false,
    quickAskAvailable: true,
    platform
  })
  const defaultNote =
    platform === 'linux'
      ? 'Off by default on Linux: desktops there show tray icons differently, some not at all.'
      : mac
        ? 'On by default. Off, Cairn still stays in the Dock when its window closes, as Mac apps do.'
        : 'On by default.'
  return (
    <Card
      title={mac ? 'Menu bar' : 'Tray'}
      description={`Cairn’s icon in the ${place} opens it, starts a chat or pauses memory while its window is closed.`}
    >
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        <span>Keep running in the {place} when the window closes</span>
      </label>
      <p className="field__help">{defaultNote} Changes right away.</p>
      {on ? (
        <div>
          <p className="text-sm text-muted" id="tray-menu-preview-label">
            The {place} menu:
          </p>
          <ul className="tray-preview" aria-labelledby="tray-menu-preview-label">
            {menu.map((item, index) =>
              item.kind === 'separator' ? (
                <li
                  key={`separator-${index}`}
                  role="separator"
                  className="tray-preview__separator"
                />
              ) : (
                <li key={item.action} aria-disabled={!item.enabled || undefined}>
                  {item.checked === undefined ? null : (
                    <span aria-hidden>{item.checked ? '✓ ' : ''}</span>
                  )}
                  {item.label}
                  {item.checked ? <span className="sr-only"> (on)</span> : null}
                </li>
              )
            )}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="inline-status inline-status--error">
          Could not change the {place} setting: {error} Try again.
        </p>
      ) : null}
    </Card>
  )
}
