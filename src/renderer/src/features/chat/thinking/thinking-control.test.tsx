import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { chooseChatModel, renderChat } from '../../../test/render-app'

// The header's thinking control follows what the chat's model takes, as main's catalog describes
// it (the fake describes Claude Sonnet 4.6 as adaptive with effort, Opus 4.1 as budget-only).

const header = () => screen.getByRole('button', { name: /^Thinking/ })

describe('Thinking control in the chat header', () => {
  it('changes with the model: effort levels for one, a budget for another, none when undescribed', async () => {
    const { main, user } = renderChat({ storedKey: 'sk-ant-test-1234' })
    await user.click(await screen.findByRole('button', { name: 'New chat' }))
    // The default new-chat model is not in the fake's list: nothing is known, no control.
    await waitFor(() => expect(screen.getByText(/did not say what this model takes/)).toBeTruthy())
    expect(screen.queryByRole('button', { name: /^Thinking/ })).toBeNull()

    await chooseChatModel(user, 'claude-sonnet-4-6')
    await waitFor(() => expect(header().textContent).toBe('Thinking off'))
    await user.click(header())
    const panel = screen.getByRole('group', { name: 'Thinking and effort' })
    const effort = within(panel).getByRole('combobox', { name: 'Effort' })
    expect(
      within(effort)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['Default', 'Low', 'Medium', 'High', 'Max'])
    await user.click(within(panel).getByRole('switch', { name: 'Think before answering' }))
    await user.selectOptions(effort, 'high')
    await waitFor(() => expect(header().textContent).toBe('Thinking · high'))
    const id = [...main.conversations.keys()][0]
    expect(main.callsTo('chat:set-thinking').at(-1)).toEqual({
      conversationId: id,
      thinking: { enabled: true, effort: 'high' }
    })

    await chooseChatModel(user, 'claude-opus-4-1')
    await waitFor(() => expect(header().textContent).toBe('Thinking · 2,048 tokens'))
    if (!screen.queryByRole('group', { name: 'Thinking and effort' })) await user.click(header())
    const budgetPanel = screen.getByRole('group', { name: 'Thinking and effort' })
    expect(within(budgetPanel).queryByRole('combobox', { name: 'Effort' })).toBeNull()
    expect(
      (within(budgetPanel).getByRole('textbox', { name: 'Budget' }) as HTMLInputElement).value
    ).toBe('2048')
  })
})
