import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { parseAppLink } from '@shared/app/app-links'
import { App } from '../../App'
import { preloadViews } from '../../lazy-views'
import { installFakeMain, type FakeMain, type FakeMainOptions } from '../../test/fake-main'
import { holdHiddenViews } from '../../test/hold-hidden-views'

async function renderApp(options: FakeMainOptions = {}) {
  await preloadViews()
  const main = installFakeMain({ storedKey: 'sk-ant-test-key-1234', ...options })
  const user = userEvent.setup()
  render(<App />)
  await waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull())
  return { main, user }
}

/** What main does when a link arrives: it waits in the inbox and the page is told. */
function arrive(main: FakeMain, raw: string, origin: 'link' | 'app' = 'link') {
  act(() => {
    main.links.push({ origin, link: parseAppLink(raw) })
    main.emit('app:links-waiting', { count: main.links.length })
  })
}

const writes = (main: FakeMain) =>
  main.calls.filter((c) => ['chat:create-conversation', 'chat:send-message'].includes(c.channel))

/** Memory has mounted (hidden, or shown by a link) and listed its folder. */
const memoryListed = (main: FakeMain) =>
  waitFor(() => expect(main.callsTo('memory:list').length).toBeGreaterThan(0))

describe('cairn:// links in the page', () => {
  it('a new-chat link asks first; Ignore does nothing, Start puts the text in the box unsent', async () => {
    const { main, user } = await renderApp()
    arrive(main, 'cairn://new?text=Plan+my+week')
    const ask = await screen.findByRole('alertdialog', { name: 'A link asks to start a new chat' })
    expect(ask.textContent).toContain('Plan my week')
    // The focus moves once the dialog has shown: waited for, as a user would see it land.
    await waitFor(() =>
      expect(within(ask).getByRole('button', { name: 'Ignore' })).toBe(document.activeElement)
    )
    expect(writes(main)).toEqual([])

    await user.click(within(ask).getByRole('button', { name: 'Ignore' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(writes(main)).toEqual([])

    arrive(main, 'cairn://new?text=Plan+my+week')
    await user.click(await screen.findByRole('button', { name: 'Start new chat' }))
    await waitFor(
      () =>
        expect((screen.getByPlaceholderText('Message Claude…') as HTMLTextAreaElement).value).toBe(
          'Plan my week'
        ),
      { timeout: 8_000 }
    )
    expect(main.callsTo('chat:create-conversation')).toHaveLength(1)
    expect(main.callsTo('chat:send-message')).toEqual([])
  })

  it('the question keeps the focus on Ignore when Memory mounts hidden after it has shown', async () => {
    const release = holdHiddenViews()
    const { main } = await renderApp()
    arrive(main, 'cairn://new?text=Plan+my+week')
    const ask = await screen.findByRole('alertdialog', { name: 'A link asks to start a new chat' })
    const ignore = within(ask).getByRole('button', { name: 'Ignore' })
    await waitFor(() => expect(ignore).toBe(document.activeElement))

    // The browser goes idle: Memory mounts behind the question, with its closed dialogs.
    release()
    await memoryListed(main)
    expect(document.activeElement).toBe(ignore)
  })

  it('an unknown or hostile link only says so, with the reason', async () => {
    const { main } = await renderApp()
    arrive(main, 'cairn://memory/../../etc/passwd')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Cairn did not open a link')
    expect(alert.textContent).toMatch(/steps out of its folder/)
    expect(alert.textContent).toContain('cairn://memory/../../etc/passwd')
    expect(writes(main)).toEqual([])
  })

  // Memory mounts hidden once the first view is idle: a link may come before or after that.
  it.each([
    ['before Memory has mounted', false],
    ['after Memory has listed its folder, hidden', true]
  ])('a memory link opens that file in the inspector (%s)', async (_when, listedFirst) => {
    const release = holdHiddenViews()
    // The file is in the folder before the link comes, as it is for a person clicking one.
    const { main } = await renderApp({ memory: { '/memories/notes.md': 'hello from notes' } })
    if (listedFirst) {
      release()
      await memoryListed(main)
    }
    arrive(main, 'cairn://memory/notes.md')
    await waitFor(() =>
      expect(
        within(screen.getByRole('tabpanel')).getByRole('heading', { level: 1 }).textContent
      ).toBe('Memory')
    )
    await waitFor(() =>
      expect(main.callsTo('memory:read')).toContainEqual(
        expect.objectContaining({ path: '/memories/notes.md' })
      )
    )
  })

  it('a link to a conversation that is not here says so', async () => {
    const { main } = await renderApp()
    arrive(main, 'cairn://conversation/c0ffee00-1234-4abc-8def-0123456789ab')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'That conversation is not here'
    )
  })

  it("the tray's New chat (the app's own request) starts a chat without asking", async () => {
    const { main } = await renderApp()
    arrive(main, 'cairn://new', 'app')
    await waitFor(() => expect(main.callsTo('chat:create-conversation')).toHaveLength(1))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('links that waited from before the page loaded are taken at start', async () => {
    await preloadViews()
    const main = installFakeMain()
    main.links.push({ origin: 'link', link: parseAppLink('cairn://nope') })
    render(<App />)
    expect((await screen.findByRole('alert')).textContent).toContain('Cairn has no “nope” links')
    expect(main.links).toEqual([])
  })
})
