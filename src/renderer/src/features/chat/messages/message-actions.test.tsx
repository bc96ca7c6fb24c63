import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AssistantMessage, BranchPoint, ChatMessage, UserMessage } from '@shared/chat/chat'
import { installFakeMain } from '../../../test/fake-main'
import { MessageItem } from './message-item'
import { answerMarkdown, planRows } from './message-actions-plan'
import { MessageRow } from './message-row'
import { useMessageActions } from './use-message-actions'

const user = (id: string, text: string): UserMessage => ({
  id,
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  content: [{ type: 'text', text }]
})
const assistant = (id: string, content: AssistantMessage['content']): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: '2026-01-01T00:00:01.000Z',
  model: 'claude-test',
  content,
  status: 'complete',
  stopReason: 'end_turn',
  usage: null,
  error: null
})
const toolUse = {
  type: 'tool_use' as const,
  id: 'tu1',
  name: 'memory',
  input: { command: 'create', path: '/memories/trip.md', file_text: 'Lyon' }
}
const toolResult: UserMessage = {
  id: 'r1',
  role: 'user',
  createdAt: '2026-01-01T00:00:01.000Z',
  content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'File created', is_error: false }]
}

/** Plan a trip → (note + memory create, tool result, answer); And food? → Quenelles. */
const MESSAGES: ChatMessage[] = [
  user('u1', 'Plan a trip'),
  assistant('a1', [{ type: 'text', text: 'Let me note that.' }, toolUse]),
  toolResult,
  assistant('a2', [{ type: 'text', text: 'Go to **Lyon**:\n\n- trains\n- food\n' }]),
  user('u2', 'And food?'),
  assistant('a3', [{ type: 'text', text: 'Quenelles.' }])
]

describe('the Markdown a copy takes', () => {
  it("joins an answer's text blocks with blank lines and leaves memory operations out", () => {
    expect(answerMarkdown(MESSAGES.slice(1, 4))).toBe(
      'Let me note that.\n\nGo to **Lyon**:\n\n- trains\n- food'
    )
  })

  it('plans one Copy per answer on its last row, Edit on yours, Regenerate on the last answer', () => {
    const branches: BranchPoint[] = [
      { after: 'u2', active: 1, others: [{ messages: [assistant('old', [])], branches: [] }] }
    ]
    const plans = planRows(MESSAGES, branches)
    expect([...plans.keys()]).toEqual(['u1', 'a2', 'u2', 'a3'])
    expect(plans.get('u1')).toMatchObject({ kind: 'user', markdown: 'Plan a trip', editable: true })
    expect(plans.get('a2')).toMatchObject({ kind: 'answer', regenerable: false, versions: null })
    expect(plans.get('a3')).toMatchObject({
      markdown: 'Quenelles.',
      regenerable: true,
      versions: { messageId: 'a3', index: 1, count: 2 }
    })
  })

  it("joins an answer's Markdown only when its row reads it (plans are rebuilt on every message)", () => {
    let reads = 0
    const answer = assistant('a9', [])
    Object.defineProperty(answer, 'content', {
      get: () => (reads++, [{ type: 'text', text: 'Lyon.' }])
    })
    const plans = planRows([user('u9', 'Where?'), answer], [])
    expect(reads).toBe(0)
    expect(plans.get('a9')?.markdown).toBe('Lyon.')
    expect(plans.get('a9')?.markdown).toBe('Lyon.')
    expect(reads).toBe(1)
  })
})

function Conversation({ running = false, active = true }: { running?: boolean; active?: boolean }) {
  const actions = useMessageActions(
    'c00000001',
    {
      messages: MESSAGES,
      branches: [],
      running,
      adopt: () => undefined,
      showError: () => undefined
    },
    active
  )
  return (
    <div>
      {MESSAGES.map((message) => (
        <MessageRow key={message.id} message={message} actions={actions}>
          <MessageItem message={message} results={new Map()} onOpen={vi.fn()} />
        </MessageRow>
      ))}
      <textarea id="composer" aria-label="Message Claude" />
    </div>
  )
}

describe('message actions', () => {
  it('Copy puts the whole answer on the clipboard as Markdown', async () => {
    const main = installFakeMain()
    const clicks = userEvent.setup()
    render(<Conversation />)
    const copies = screen.getAllByRole('button', { name: 'Copy answer' })
    expect(copies).toHaveLength(2)
    await clicks.click(copies[0] as HTMLElement)
    await waitFor(() =>
      expect(main.clipboard).toEqual(['Let me note that.\n\nGo to **Lyon**:\n\n- trains\n- food'])
    )
    expect(screen.getAllByRole('button', { name: 'Copied' })).toHaveLength(1)
    await clicks.click(screen.getAllByRole('button', { name: 'Copy message' })[1] as HTMLElement)
    await waitFor(() => expect(main.clipboard.at(-1)).toBe('And food?'))
  })

  it('Ctrl+Shift+C copies the last answer', async () => {
    const main = installFakeMain()
    const keys = userEvent.setup()
    render(<Conversation />)
    await keys.keyboard('{Control>}{Shift>}C{/Shift}{/Control}')
    await waitFor(() => expect(main.clipboard).toEqual(['Quenelles.']))
  })

  it('Ctrl+Shift+C does nothing while another view is shown', async () => {
    const main = installFakeMain()
    const keys = userEvent.setup()
    render(<Conversation active={false} />)
    await keys.keyboard('{Control>}{Shift>}C{/Shift}{/Control}')
    expect(main.calls.filter((c) => c.channel === 'app:copy-text')).toEqual([])
  })

  it('Edit opens your text in place: Escape leaves it, Enter sends the edit to main', async () => {
    const main = installFakeMain()
    const keys = userEvent.setup()
    render(<Conversation />)
    await keys.click(screen.getAllByRole('button', { name: 'Edit message' })[1] as HTMLElement)
    const editor = screen.getByRole('textbox', { name: 'Edit your message' })
    expect(document.activeElement).toBe(editor)
    expect((editor as HTMLTextAreaElement).value).toBe('And food?')
    expect(screen.getByText(/not undone: they stay in the memory folder/)).toBeTruthy()
    await keys.keyboard('{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull()
    expect(main.callsTo('chat:edit-message')).toEqual([])
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message Claude' }))

    await keys.click(screen.getAllByRole('button', { name: 'Edit message' })[1] as HTMLElement)
    await keys.keyboard(' And wine?{Enter}')
    await waitFor(() =>
      expect(main.callsTo('chat:edit-message')).toEqual([
        { conversationId: 'c00000001', messageId: 'u2', text: 'And food? And wine?' }
      ])
    )
  })

  it('while Claude answers, an edit cannot be sent and Regenerate is not offered', async () => {
    installFakeMain()
    const keys = userEvent.setup()
    render(<Conversation running />)
    expect(screen.queryByRole('button', { name: 'Regenerate answer' })).toBeNull()
    await keys.click(screen.getAllByRole('button', { name: 'Edit message' })[0] as HTMLElement)
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText(/Claude is still answering/)).toBeTruthy()
  })

  it('Regenerate asks main for a new answer', async () => {
    const main = installFakeMain()
    main.conversations.set('c00000001', {
      version: 2,
      id: 'c00000001',
      title: 't',
      titleSource: 'auto',
      model: 'claude-test',
      createdAt: 'x',
      updatedAt: 'x',
      messages: [...MESSAGES]
    })
    const keys = userEvent.setup()
    render(<Conversation />)
    await act(() => keys.click(screen.getByRole('button', { name: 'Regenerate answer' })))
    await waitFor(() => expect(main.callsTo('chat:regenerate')).toHaveLength(1))
  })
})
