import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { App } from './App'
import { preloadViews } from './lazy-views'
import { installFakeMain } from './test/fake-main'

function visibleHeading(): string {
  return within(screen.getByRole('tabpanel')).getByRole('heading', { level: 1 }).textContent ?? ''
}

async function renderApp() {
  // As after the first view has gone idle: the views' chunks are in, so switching shows them at once.
  await preloadViews()
  const main = installFakeMain()
  const user = userEvent.setup()
  render(<App />)
  await waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull())
  return { main, user }
}

describe('App frame', () => {
  it('Ctrl/Cmd+1/2/3 switch between Chat, Memory and Settings', async () => {
    const { user } = await renderApp()
    expect(visibleHeading()).toBe('Chat')

    await user.keyboard('{Control>}3{/Control}')
    expect(visibleHeading()).toBe('Settings')
    expect(screen.getByRole('tab', { name: /Settings/ }).getAttribute('aria-selected')).toBe('true')

    await user.keyboard('{Control>}2{/Control}')
    expect(visibleHeading()).toBe('Memory')

    await user.keyboard('{Meta>}1{/Meta}')
    expect(visibleHeading()).toBe('Chat')
    expect(screen.getByRole('tab', { name: /Chat/ }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: /Settings/ }).getAttribute('aria-selected')).toBe(
      'false'
    )
  })

  it('the nav is a tablist: arrow keys move focus and selection, Home and End jump', async () => {
    const { user } = await renderApp()
    // First-run content arrives after the frame (status, app info): let it land before the keys,
    // so nothing mounting late takes the focus mid-test (seen once under CI load).
    const welcome = await screen.findByRole('region', { name: 'Welcome to Cairn' })
    await waitFor(() => expect(welcome.textContent).toContain('/home/test/.config/Cairn/memories'))
    const tablist = screen.getByRole('tablist', { name: 'Views' })
    const tabs = within(tablist).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent?.replace(/(Ctrl\+|⌘)\d$/, ''))).toEqual([
      'Chat',
      'Memory',
      'Settings'
    ])
    // Only the selected tab is in the Tab order.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1])

    tabs[0]?.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(tabs[1])
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true')
    expect(visibleHeading()).toBe('Memory')

    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(document.activeElement).toBe(tabs[2])
    expect(visibleHeading()).toBe('Settings')

    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(tabs[0])
    expect(visibleHeading()).toBe('Chat')
    await user.keyboard('{End}')
    expect(visibleHeading()).toBe('Settings')
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, -1, 0])
    // Each tab controls its panel.
    expect(tabs[2]?.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id)
  })

  it('first run: a welcome card takes the key; once saved, the composer is ready and focused', async () => {
    const { main, user } = await renderApp()
    const welcome = await screen.findByRole('region', { name: 'Welcome to Cairn' })
    expect(welcome.textContent).toContain('Memory is a folder')
    // The folder comes with the app info, which may land after the card itself.
    await waitFor(() => expect(welcome.textContent).toContain('/home/test/.config/Cairn/memories'))
    expect(within(welcome).getByRole('button', { name: 'Open memory folder' })).toBeTruthy()

    await user.type(
      within(welcome).getByLabelText('API key', { selector: 'input' }),
      'sk-ant-welcome-key-0001'
    )
    await user.click(within(welcome).getByRole('button', { name: 'Save key' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Welcome to Cairn' })).toBeNull()
    )
    expect(main.state.keychainKey).toBe('sk-ant-welcome-key-0001')
    const composer = await screen.findByRole('textbox', { name: 'Message Claude' })
    await waitFor(() => expect(document.activeElement).toBe(composer))
    // Settings, shown next, knows about the key set from the welcome card.
    await user.keyboard('{Control>}3{/Control}')
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'API key status' }).textContent).toContain('0001')
    )
  })

  it('without a key but with past conversations, the composer says so and leads to Settings', async () => {
    const { user } = await renderApp()
    await screen.findByRole('region', { name: 'Welcome to Cairn' })
    await user.click(screen.getByRole('button', { name: 'New chat' }))
    expect(screen.queryByRole('region', { name: 'Welcome to Cairn' })).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Add your key in Settings' }))
    expect(visibleHeading()).toBe('Settings')
  })

  it('shows the recovered-settings notice app-wide until dismissed', async () => {
    const movedTo = 'settings.corrupt-2025-01-01T00-00-00-000Z.json'
    installFakeMain({
      settings: {
        settings: defaultSettings(),
        notice: {
          kind: 'recovered',
          movedTo,
          message: `Your settings file could not be read (it is not valid JSON), so Cairn started with defaults. The old file was kept as ${movedTo} in the app's data folder.`
        }
      }
    })
    const user = userEvent.setup()
    render(<App />)
    const notice = await screen.findByRole('alert', { name: 'Settings were reset to defaults' })
    expect(notice.textContent).toContain(movedTo)
    expect(notice.textContent).toContain('not valid JSON')
    // Visible from Chat, where the app opens, not only in Settings.
    expect(visibleHeading()).toBe('Chat')

    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert', { name: 'Settings were reset to defaults' })).toBeNull()
  })

  it('applies the theme to the document the moment it is picked, with no Save', async () => {
    const { user } = await renderApp()
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('system'))
    await user.keyboard('{Control>}3{/Control}')
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(document.documentElement.dataset.theme).toBe('dark')
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true)
    )
  })

  it('says plainly when the bridge to the app is missing', async () => {
    render(<App />)
    await screen.findAllByRole('alert')
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Settings'))
    expect(alert?.textContent).toContain('Settings could not be loaded')
    expect(alert?.textContent).toContain('must be opened inside Cairn')
  })
})
