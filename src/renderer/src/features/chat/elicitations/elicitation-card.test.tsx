import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PendingElicitation } from '@shared/mcp/elicitation'
import { installFakeMain } from '../../../test/fake-main'
import { ElicitationCards } from './elicitation-card'

const CHAT = 'c-00000001'
const ID = '5a1e0c2b-7d3f-4e8a-9b6c-1d2e3f4a5b6c'

function question(extra: Partial<PendingElicitation> = {}): PendingElicitation {
  return {
    id: ID,
    conversationId: CHAT,
    server: 'shop',
    serverName: 'Shop',
    message: '<b>Where</b> should the parcel go?\nWe ship in 2 days.',
    fields: [
      { kind: 'text', name: 'name', title: 'Full name', required: true, maxLength: 40 },
      { kind: 'text', name: 'email', title: 'Email', format: 'email', required: false },
      {
        kind: 'number',
        name: 'count',
        title: 'How many',
        description: 'At most 5 per order',
        integer: true,
        minimum: 1,
        maximum: 5,
        required: true,
        default: 1
      },
      { kind: 'boolean', name: 'gift', title: 'Gift wrap', required: false },
      {
        kind: 'choice',
        name: 'speed',
        title: 'Delivery',
        required: true,
        options: [
          { value: 'std', title: 'Standard' },
          { value: 'exp', title: 'Express' }
        ]
      },
      {
        kind: 'choices',
        name: 'extras',
        title: 'Extras',
        required: false,
        maxItems: 1,
        options: [
          { value: 'card', title: 'A card' },
          { value: 'bag', title: 'A bag' }
        ]
      }
    ],
    createdAt: '2026-11-27T10:00:00.000Z',
    ...extra
  }
}

const form = () => screen.getByRole('region', { name: 'Shop asks:' })

describe('ElicitationCards', () => {
  it('shows who asks and the message as plain text, each field with its label', async () => {
    const main = installFakeMain()
    main.elicitations.pending.set(ID, question())
    const onWaiting = vi.fn()
    render(<ElicitationCards conversationId={CHAT} onWaiting={onWaiting} />)
    const card = await screen.findByRole('region', { name: 'Shop asks:' })
    await waitFor(() => expect(onWaiting).toHaveBeenLastCalledWith(true))
    // The server's words are text: its markup shows as typed, never as markup.
    expect(within(card).getByText(/<b>Where<\/b> should the parcel go\?/)).toBeTruthy()
    expect(card.querySelector('b')).toBeNull()
    expect(within(card).getByText(/not from Claude or Cairn/)).toBeTruthy()
    expect(within(card).getByRole('textbox', { name: 'Full name (required)' })).toBeTruthy()
    const count = within(card).getByRole('spinbutton', { name: 'How many (required)' })
    expect(count).toHaveProperty('value', '1')
    expect(count.getAttribute('aria-describedby')).toBeTruthy()
    expect(within(card).getByRole('checkbox', { name: 'Gift wrap' })).toBeTruthy()
    expect(within(card).getByRole('combobox', { name: 'Delivery (required)' })).toBeTruthy()
    expect(within(card).getByRole('group', { name: 'Extras' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(form()))
  })

  it('Submit checks the form first: each field says what is wrong, nothing is sent', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.elicitations.pending.set(ID, question())
    render(<ElicitationCards conversationId={CHAT} />)
    const card = await screen.findByRole('region', { name: 'Shop asks:' })
    await user.type(within(card).getByRole('textbox', { name: 'Email' }), 'nope')
    await user.clear(within(card).getByRole('spinbutton', { name: /How many/ }))
    await user.type(within(card).getByRole('spinbutton', { name: /How many/ }), '9')
    await user.click(within(card).getByRole('checkbox', { name: 'A card' }))
    await user.click(within(card).getByRole('checkbox', { name: 'A bag' }))
    await user.click(within(card).getByRole('button', { name: 'Submit' }))
    expect(main.callsTo('mcp:answer-elicitation')).toEqual([])
    const name = within(card).getByRole('textbox', { name: 'Full name (required)' })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(name)
    expect(within(card).getByText('Full name: this field is required; fill it in.')).toBeTruthy()
    expect(within(card).getByText(/Email: enter an email address/)).toBeTruthy()
    expect(within(card).getByText('How many: enter a number from 1 to 5.')).toBeTruthy()
    expect(
      within(card).getByText('Delivery: this field is required; choose one of the options.')
    ).toBeTruthy()
    expect(within(card).getByText('Extras: choose at most 1 option.')).toBeTruthy()
    expect(within(card).getByRole('alert').textContent).toBe(
      '5 fields need a change before Submit.'
    )
  })

  it('Submit sends the answers; the form goes', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.elicitations.pending.set(ID, question())
    render(<ElicitationCards conversationId={CHAT} />)
    const card = await screen.findByRole('region', { name: 'Shop asks:' })
    await user.type(within(card).getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace')
    await user.click(within(card).getByRole('checkbox', { name: 'Gift wrap' }))
    await user.selectOptions(within(card).getByRole('combobox', { name: /Delivery/ }), 'Express')
    await user.click(within(card).getByRole('button', { name: 'Submit' }))
    expect(main.callsTo('mcp:answer-elicitation')).toEqual([
      {
        elicitationId: ID,
        action: 'accept',
        content: { name: 'Ada Lovelace', count: 1, gift: true, speed: 'exp' }
      }
    ])
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull())
  })

  it('Decline and Cancel send no answers', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    main.elicitations.pending.set(ID, question())
    render(<ElicitationCards conversationId={CHAT} />)
    await user.click(
      within(await screen.findByRole('region')).getByRole('button', { name: 'Decline' })
    )
    const other = question({ id: '6b2f1d3c-8e4a-4f9b-8c7d-2e3f4a5b6c7d' })
    main.elicitations.pending.set(other.id, other)
    act(() => main.emit('mcp:elicitation-pending', other))
    await user.click(
      within(await screen.findByRole('region')).getByRole('button', { name: 'Cancel' })
    )
    expect(main.callsTo('mcp:answer-elicitation')).toEqual([
      { elicitationId: ID, action: 'decline' },
      { elicitationId: other.id, action: 'cancel' }
    ])
  })

  it('a question the server ended leaves a note until dismissed; other chats’ questions stay there', async () => {
    const main = installFakeMain()
    const user = userEvent.setup()
    render(<ElicitationCards conversationId={CHAT} />)
    await act(() => Promise.resolve())
    const elsewhere = { id: '7c3a2e4d-9f5b-4a1c-8d8e-3f4a5b6c7d8e', conversationId: 'c-00000002' }
    act(() => main.emit('mcp:elicitation-pending', question(elsewhere)))
    expect(screen.queryByRole('region')).toBeNull()
    act(() => main.emit('mcp:elicitation-pending', question()))
    await screen.findByRole('region', { name: 'Shop asks:' })
    act(() =>
      main.emit('mcp:elicitation-resolved', {
        elicitationId: ID,
        conversationId: CHAT,
        outcome: 'timed-out'
      })
    )
    expect(screen.queryByRole('region')).toBeNull()
    const note = screen.getByRole('status')
    expect(note.textContent).toMatch(/^Shop stopped waiting for your answer \(its time ran out\)/)
    await user.click(within(note).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
