import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@shared/memory/memory'
import { App } from '../../../App'
import { installFakeMain } from '../../../test/fake-main'

const entry = (seq: number, conversationId: string, path: string): ActivityEntry => ({
  seq,
  time: new Date().toISOString(),
  actor: { kind: 'claude', conversationId },
  command: 'create',
  paths: [path],
  bytesBefore: null,
  bytesAfter: 12,
  outcome: 'ok',
  message: `File created successfully at: ${path}`
})

describe('Memory activity', () => {
  it('a Claude entry names its conversation and opens it in Chat; a deleted one says so', async () => {
    const main = installFakeMain({ storedKey: 'sk-ant-test-1234' })
    const older = await main.api.chat.createConversation()
    await main.api.chat.renameConversation({ conversationId: older.id, title: 'Trip to Lyon' })
    const newer = await main.api.chat.createConversation()
    await main.api.chat.renameConversation({ conversationId: newer.id, title: 'Groceries' })
    main.activity.push(
      entry(2, 'c-deleted-long-ago', '/memories/old.md'),
      entry(1, older.id, '/memories/lyon.md')
    )
    const user = userEvent.setup()
    render(<App />)
    // Chat opens on the newest conversation.
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('Groceries'))

    await user.click(screen.getByRole('tab', { name: /Memory/ }))
    await user.click(await screen.findByRole('button', { name: 'Activity' }, { timeout: 8000 }))
    const log = await screen.findByRole('list', { name: 'Memory activity' })
    await waitFor(() => expect(log.textContent).toContain('in a conversation since deleted'))
    await user.click(within(log).getByRole('button', { name: '“Trip to Lyon”' }))

    const chat = screen.getByRole('tabpanel')
    expect(within(chat).getByRole('heading', { level: 1 }).textContent).toBe('Chat')
    await waitFor(() =>
      expect(within(chat).getByRole('banner').textContent).toContain('Trip to Lyon')
    )
  })
})
