import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DamagedConversation } from '@shared/chat/damaged'
import { DamagedNotice } from './damaged-notice'

const file = 'c0nv0001-0000-4000-8000-000000000000.json.corrupt-2025-01-02T03-04-05-000Z'
const entry: DamagedConversation = {
  file,
  title: 'Lyon trip',
  reason: 'it breaks off part-way through message 5',
  messages: 4,
  recovered: null
}

function renderNotice(damaged: DamagedConversation[], outcome = null) {
  const on = { onRecover: vi.fn(), onDismiss: vi.fn(), onOpenFolder: vi.fn() }
  render(<DamagedNotice damaged={damaged} busy={null} outcome={outcome} {...on} />)
  return { on, user: userEvent.setup() }
}

describe('DamagedNotice', () => {
  it('says a chat could not be read, what was kept, and offers Recover, Open folder, Dismiss', async () => {
    const { on, user } = renderNotice([entry])
    const notice = screen.getByRole('region', { name: '1 chat could not be read' })
    expect(notice.textContent).toContain(`“Lyon trip” was kept as ${file} beside the others.`)
    expect(notice.textContent).toContain('It breaks off part-way through message 5.')
    expect(notice.textContent).toContain('4 messages before the damage can be recovered')
    await user.click(within(notice).getByRole('button', { name: /^Recover 4 messages/ }))
    expect(on.onRecover).toHaveBeenCalledWith(file)
    await user.click(within(notice).getByRole('button', { name: 'Open folder' }))
    expect(on.onOpenFolder).toHaveBeenCalled()
    await user.click(within(notice).getByRole('button', { name: /^Dismiss/ }))
    expect(on.onDismiss).toHaveBeenCalledWith(file)
  })

  it('after Recover: names the new chat, no second Recover; nothing to recover: no Recover', () => {
    renderNotice([
      {
        ...entry,
        recovered: { conversationId: 'new00001-0000', title: 'Lyon trip (recovered)', messages: 4 }
      },
      { ...entry, file: file.replace('c0nv0001', 'c0nv0002'), title: null, messages: 0 }
    ])
    const notice = screen.getByRole('region', { name: '2 chats could not be read' })
    expect(notice.textContent).toContain('Recovered 4 messages as “Lyon trip (recovered)”')
    expect(notice.textContent).toContain('No whole message comes before the damage.')
    expect(within(notice).queryByRole('button', { name: /^Recover/ })).toBeNull()
    expect(within(notice).getAllByRole('button', { name: /^Dismiss/ })).toHaveLength(2)
  })

  it('shows nothing when every file was dealt with', () => {
    const { container } = render(
      <DamagedNotice
        damaged={[]}
        busy={null}
        outcome={null}
        onRecover={() => undefined}
        onDismiss={() => undefined}
        onOpenFolder={() => undefined}
      />
    )
    expect(container.textContent).toBe('')
  })
})
