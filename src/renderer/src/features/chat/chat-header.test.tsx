import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { App } from '../../App'
import { installFakeMain } from '../../test/fake-main'

// The chat header's one row: an open chat's title takes the place of the "Chat" heading (the
// widths themselves are measured in e2e/titles.spec.ts; jsdom has no layout).
describe('Chat header', () => {
  it('an open chat shows its title where the heading was; "Chat" stays the heading for screen readers', async () => {
    const long = 'Planning a long weekend in Lyon in May with my sister, trains and museums'
    const main = installFakeMain({ storedKey: 'sk-ant-test-1234' })
    const chat = await main.api.chat.createConversation()
    await main.api.chat.renameConversation({ conversationId: chat.id, title: long })
    render(<App />)
    const header = await screen.findByRole('banner', {}, { timeout: 8000 })
    const title = await within(header).findByText(long, {}, { timeout: 8000 })

    const heading = within(header).getByRole('heading', { level: 1, name: 'Chat' })
    expect(heading.className).toContain('sr-only')
    expect(heading.contains(title)).toBe(false)
    // The title reads as the heading did and keeps its whole text in a tooltip when cut.
    expect(title.className).toContain('font-semibold')
    expect(title.className).toContain('truncate')
    expect(title.getAttribute('title')).toBe(long)
  })

  it('with no chat open the "Chat" heading shows', async () => {
    installFakeMain({ storedKey: 'sk-ant-test-1234' })
    render(<App />)
    await screen.findByText('No conversation yet.', {}, { timeout: 8000 })
    const heading = screen.getByRole('heading', { level: 1, name: 'Chat' })
    expect(heading.className).not.toContain('sr-only')
    await waitFor(() => expect(heading.className).toContain('text-xl'))
  })
})
