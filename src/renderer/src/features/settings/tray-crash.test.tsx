import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderSettings } from '../../test/render-app'

describe('Settings → Tray', () => {
  it('shows "keep running in the tray" (off on Linux by default) and saves it at once', async () => {
    const { main, user } = await renderSettings()
    const box = screen.getByRole('checkbox', {
      name: /Keep running in the (tray|menu bar) when the window closes/
    })
    // The fake main reports the test machine's platform; on Linux the default is off.
    const info = (await main.api.app.info()).platform
    expect((box as HTMLInputElement).checked).toBe(info !== 'linux')
    if ((box as HTMLInputElement).checked) await user.click(box)
    expect(screen.queryByRole('list', { name: /menu:/ })).toBeNull()

    await user.click(box)
    await waitFor(() =>
      expect(main.callsTo('settings:update')).toContainEqual({ keepInTray: true })
    )
    expect(main.state.settings.settings.keepInTray).toBe(true)
    const menu = screen.getByRole('list', { name: /menu:/ })
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    ).toEqual([
      'Open Cairn',
      'New chat',
      'Quick ask…',
      expect.stringMatching(/memory folder/),
      'Pause memory for new chats',
      'Quit Cairn'
    ])
  })
})

describe('Settings → About → Copy crash report', () => {
  it('says clearly when there are none, and copies nothing', async () => {
    const { main, user } = await renderSettings()
    await user.click(screen.getByRole('button', { name: 'Copy crash report' }))
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Crash report status' }).textContent).toMatch(
        /No crash reports/
      )
    )
    expect(main.clipboard).toEqual([])
  })

  it('copies the summary main made (names, times, sizes), and says how many', async () => {
    const { main, user } = await renderSettings()
    main.crashReport = {
      count: 2,
      total: 7,
      text: 'Cairn 0.1.0 crash reports\n- completed/a.dmp  2026-11-26T10:00:00.000Z  2 kB'
    }
    await user.click(screen.getByRole('button', { name: 'Copy crash report' }))
    await waitFor(() => expect(main.clipboard).toEqual([main.crashReport.text]))
    expect(screen.getByRole('status', { name: 'Crash report status' }).textContent).toContain(
      'the newest 2 of 7 crash reports'
    )
  })
})
