import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '@shared/app/settings'
import { installFakeMain } from '../../../test/fake-main'
import { Markdown } from './markdown'

function renderReply(text: string, trusted: string[] = []) {
  const main = installFakeMain({
    settings: { settings: { ...defaultSettings(), trustedLinkHosts: trusted }, notice: null }
  })
  render(<Markdown text={text} />)
  return main
}

describe('links in replies', () => {
  it('show the full address first, and open only on Open', async () => {
    const main = renderReply('See [the docs](https://docs.example.com/guide?q=1).')
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'the docs' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open this link in your browser?' })
    expect(dialog.textContent).toContain('https://docs.example.com/guide?q=1')
    const address = within(dialog).getByLabelText('Full address')
    expect(address.textContent).toBe('https://docs.example.com/guide?q=1')
    expect(within(address).getByText('docs.example.com', { selector: 'strong' })).toBeTruthy()
    expect(main.openedLinks).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(main.openedLinks).toEqual([])

    await user.click(screen.getByRole('link', { name: 'the docs' }))
    const again = await screen.findByRole('dialog')
    await user.click(within(again).getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(main.openedLinks).toEqual(['https://docs.example.com/guide?q=1']))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(main.state.settings.settings.trustedLinkHosts).toEqual([])
  })

  it('"don\'t ask again" trusts that site only', async () => {
    const main = renderReply(
      '[a](https://docs.example.com/a) [b](https://docs.example.com/b) [c](https://other.example/)'
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'a' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(
      within(dialog).getByRole('checkbox', { name: "Don't ask again for docs.example.com" })
    )
    await user.click(within(dialog).getByRole('button', { name: 'Open' }))
    await waitFor(() =>
      expect(main.state.settings.settings.trustedLinkHosts).toEqual(['docs.example.com'])
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('link', { name: 'b' }))
    await waitFor(() =>
      expect(main.openedLinks).toEqual(['https://docs.example.com/a', 'https://docs.example.com/b'])
    )
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(screen.getByRole('link', { name: 'c' }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    expect(main.openedLinks).toHaveLength(2)
  })

  it('shows a look-alike international site name as the real host', async () => {
    renderReply('[apple](https://аpple.com/login)')
    await userEvent.setup().click(screen.getByRole('link', { name: 'apple' }))
    const dialog = await screen.findByRole('dialog')
    const address = within(dialog).getByLabelText('Full address')
    expect(within(address).getByText('xn--pple-43d.com', { selector: 'strong' })).toBeTruthy()
    expect(dialog.textContent).toContain('аpple.com')
    expect(dialog.textContent).toMatch(/international letters/)
  })

  it('does not open other kinds of links, and offers to copy them', async () => {
    const main = renderReply('[plain](http://example.com/x) [run](javascript:alert(1))')
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'plain' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cairn did not open this link' })
    expect(dialog.textContent).toContain('http://example.com/x')
    expect(within(dialog).queryByRole('button', { name: 'Open' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(main.clipboard).toEqual(['http://example.com/x']))
    expect(main.openedLinks).toEqual([])
    expect(main.callsTo('app:open-external')).toEqual([])
  })
})
