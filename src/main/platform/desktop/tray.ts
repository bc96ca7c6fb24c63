import type { Menu, MenuItemConstructorOptions, Tray } from 'electron'
import type { TrayAction, TrayMenuItem } from '@shared/app/tray-menu'

export interface TrayElectron {
  Tray: new (image: string) => Pick<Tray, 'setToolTip' | 'setContextMenu' | 'destroy' | 'on'>
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu }
}

/** The menu model as Electron's menu template; each click runs its action. */
export function trayTemplate(
  model: TrayMenuItem[],
  run: (action: TrayAction) => void
): MenuItemConstructorOptions[] {
  return model.map((item): MenuItemConstructorOptions => {
    if (item.kind === 'separator') return { type: 'separator' }
    return {
      id: item.action,
      label: item.label,
      enabled: item.enabled,
      ...(item.checked === undefined
        ? { type: 'normal' as const }
        : { type: 'checkbox' as const, checked: item.checked }),
      click: () => run(item.action)
    }
  })
}

export interface TrayIcon {
  update(model: TrayMenuItem[]): void
  setToolTip(text: string): void
  destroy(): void
}

/** The icon with its menu; a click on the icon itself (Windows, some Linux desktops) opens Cairn. */
export function createTrayIcon(
  electron: TrayElectron,
  icon: string,
  run: (action: TrayAction) => void
): TrayIcon {
  const tray = new electron.Tray(icon)
  tray.setToolTip('Cairn')
  tray.on('click', () => run('open-window'))
  return {
    update: (model) =>
      tray.setContextMenu(electron.Menu.buildFromTemplate(trayTemplate(model, run))),
    setToolTip: (text) => tray.setToolTip(text),
    destroy: () => tray.destroy()
  }
}
