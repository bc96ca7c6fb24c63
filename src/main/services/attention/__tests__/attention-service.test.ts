import { describe, expect, it } from 'vitest'
import type { PlannedChange } from '@shared/chat/approval'
import { ApprovalDesk } from '../../chat/approvals/approvals'
import type { ChatEmit } from '../../chat/types'
import { captureLogger } from '../../__tests__/helpers'
import { createElicitationDesk } from '../../mcp/elicitations'
import {
  createAttentionService,
  type AttentionDesktop,
  type AttentionNote
} from '../attention-service'

const A = 'c-0000000a'
const B = 'c-0000000b'
const TITLES: Record<string, string> = { [A]: 'Tea notes', [B]: '' }

const PLAN: PlannedChange = {
  command: 'str_replace',
  path: '/memories/about-me.md',
  sha256: null,
  preview: { before: '- tea\n', after: '- green tea\n' }
}

/** The real approval desk behind a chat service's approval calls and events. */
function chatWithDesk() {
  const listeners = new Set<ChatEmit>()
  const emit: ChatEmit = (event, payload) => listeners.forEach((l) => l(event, payload))
  const desk = new ApprovalDesk({ mode: () => 'ask-all', emit, clock: () => new Date(0) })
  let turn = 0
  return {
    desk,
    /** Claude asks for a change in this chat; resolves with the user's decision. */
    ask(conversationId: string) {
      const asker = desk.askerFor({
        conversationId,
        turnId: `t-${++turn}`,
        toolUseId: `toolu_${turn}`,
        input: { command: 'str_replace' },
        signal: new AbortController().signal
      })
      if (!asker) throw new Error('the mode should ask')
      return asker({ plan: { ok: true, plan: PLAN }, changed: false, onReplan: () => undefined })
    },
    chat: {
      onEvent(listener: ChatEmit) {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
      listApprovals: (input?: { conversationId?: string }) => ({
        approvals: desk.list(input?.conversationId)
      }),
      getConversation: async ({ conversationId }: { conversationId: string }) =>
        ({ conversation: { title: TITLES[conversationId] ?? '' }, running: true }) as never
    }
  }
}

function recordingDesktop(focused = true) {
  const shown: Array<{ chats: number; title: string; label: string | null }> = []
  const notes: Array<{ note: AttentionNote; click: () => void }> = []
  const requests: string[] = []
  const desktop: AttentionDesktop & { focused: boolean } = {
    focused,
    showWaiting: (waiting) => void shown.push(waiting),
    isFocused: () => desktop.focused,
    notify: (note, click) => void notes.push({ note, click }),
    showMain: async () => void requests.push('show main')
  }
  return { desktop, shown, notes, requests }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The link inbox as the attention service uses it: the chats it asked the page to open. */
function recordingLinks() {
  const opened: string[] = []
  return {
    opened,
    links: {
      request: (link: { kind: string; conversationId?: string }) =>
        void opened.push(link.conversationId ?? link.kind)
    }
  }
}

describe('attention service', () => {
  it('counts the chats that wait on the icon and the title, and clears them when answered', async () => {
    const { desk, ask, chat } = chatWithDesk()
    const attention = createAttentionService({
      chat,
      links: recordingLinks().links,
      logger: captureLogger().logger
    })
    const { desktop, shown, notes } = recordingDesktop()
    attention.attach(desktop)
    expect(shown.at(-1)).toEqual({ chats: 0, title: 'Cairn', label: null })

    const first = ask(A)
    const second = ask(A)
    void ask(B)
    await settled()
    expect(attention.waitingChats()).toBe(2)
    expect(shown.at(-1)).toEqual({
      chats: 2,
      title: 'Cairn — 2 chats waiting for your approval',
      label: '2 chats waiting for your approval'
    })
    // The window had the focus: the page says it, no notification.
    expect(notes).toEqual([])

    const [a1, a2, b] = desk.list()
    desk.answer({ approvalId: a1!.id, answer: 'approve' })
    await expect(first).resolves.toEqual({ go: true, plan: PLAN })
    expect(shown.at(-1)?.chats).toBe(2)
    desk.answer({ approvalId: a2!.id, answer: 'decline' })
    await second
    expect(shown.at(-1)?.title).toBe('Cairn — 1 chat waiting for your approval')
    desk.answer({ approvalId: b!.id, answer: 'approve' })
    expect(shown.at(-1)).toEqual({ chats: 0, title: 'Cairn', label: null })
    attention.dispose()
  })

  it('notifies while the window is in the background; the click brings it forward on that chat', async () => {
    const { ask, chat, desk } = chatWithDesk()
    const { links, opened: shownChats } = recordingLinks()
    const attention = createAttentionService({ chat, links, logger: captureLogger().logger })
    const { desktop, notes, requests } = recordingDesktop(false)
    attention.attach(desktop)

    void ask(A)
    void ask(B)
    await settled()
    expect(notes.map((n) => n.note)).toEqual([
      {
        title: 'Claude is waiting for your approval',
        body: 'In “Tea notes”: Claude wants to edit about-me.md',
        conversationId: A
      },
      {
        title: 'Claude is waiting for your approval',
        body: 'In “New chat”: Claude wants to edit about-me.md',
        conversationId: B
      }
    ])
    notes[1]!.click()
    await settled()
    expect(requests).toEqual(['show main'])
    expect(shownChats).toEqual([B])

    // Back in front: the next change is shown in the page only.
    desktop.focused = true
    void ask(A)
    await settled()
    expect(notes).toHaveLength(2)
    for (const approval of desk.list()) desk.answer({ approvalId: approval.id, answer: 'approve' })
    attention.dispose()
  })

  it('no notification for a change answered before it could be shown', async () => {
    const { ask, chat, desk } = chatWithDesk()
    const attention = createAttentionService({
      chat,
      links: recordingLinks().links,
      logger: captureLogger().logger
    })
    const { desktop, notes } = recordingDesktop(false)
    attention.attach(desktop)
    void ask(A)
    // Answered in the same tick (another window): the title read finishes after it.
    desk.answer({ approvalId: desk.list()[0]!.id, answer: 'approve' })
    await settled()
    expect(notes).toEqual([])
    attention.dispose()
  })

  it('a desktop that throws is logged, never breaks an approval', async () => {
    const { ask, chat, desk } = chatWithDesk()
    const { logger, lines } = captureLogger()
    const attention = createAttentionService({ chat, links: recordingLinks().links, logger })
    const { desktop } = recordingDesktop()
    attention.attach({
      ...desktop,
      showWaiting: () => {
        throw new Error('no badge here')
      }
    })
    const asked = ask(A)
    await settled()
    desk.answer({ approvalId: desk.list()[0]!.id, answer: 'approve' })
    await expect(asked).resolves.toEqual({ go: true, plan: PLAN })
    expect(lines.some((line) => line.includes('attention: badge failed'))).toBe(true)
    attention.dispose()
  })

  it('before a window is attached nothing is shown; attaching shows what already waits', async () => {
    const { ask, chat, desk } = chatWithDesk()
    const attention = createAttentionService({
      chat,
      links: recordingLinks().links,
      logger: captureLogger().logger
    })
    void ask(A)
    await settled()
    const { desktop, shown, notes } = recordingDesktop(false)
    const detach = attention.attach(desktop)
    expect(shown).toEqual([
      {
        chats: 1,
        title: 'Cairn — 1 chat waiting for your approval',
        label: '1 chat waiting for your approval'
      }
    ])
    expect(notes).toEqual([])
    detach()
    desk.answer({ approvalId: desk.list()[0]!.id, answer: 'approve' })
    expect(shown).toHaveLength(1)
    attention.dispose()
  })

  it('notifies of an MCP server’s question while the window is behind; the click opens its chat', async () => {
    const { chat } = chatWithDesk()
    const { links, opened } = recordingLinks()
    const questions = createElicitationDesk({
      serverName: () => 'Everything',
      logger: captureLogger().logger
    })
    const attention = createAttentionService({
      chat,
      elicitations: questions,
      links,
      logger: captureLogger().logger
    })
    const { desktop, notes, requests } = recordingDesktop(false)
    attention.attach(desktop)
    const call = new AbortController()
    const release = questions.track('everything', { conversationId: A, signal: call.signal })
    const form = { type: 'object' as const, properties: { name: { type: 'string' as const } } }
    const asked = questions.ask(
      'everything',
      { message: 'Your\nname, please?', requestedSchema: form },
      new AbortController().signal
    )
    await settled()
    expect(notes.map((n) => n.note)).toEqual([
      {
        title: 'A tool is waiting for your answer',
        body: 'In “Tea notes”: Everything asks: Your name, please?',
        conversationId: A
      }
    ])
    notes[0]!.click()
    await settled()
    expect(requests).toEqual(['show main'])
    expect(opened).toEqual([A])
    call.abort()
    await expect(asked).resolves.toEqual({ action: 'cancel' })
    release()
    attention.dispose()
  })
})
