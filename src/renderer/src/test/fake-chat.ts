import type { Conversation } from '@shared/chat/chat'
import { CairnError } from '@shared/errors'
import { withoutUnfinishedReply } from '@shared/chat/retry-target'

/** Saved conversations for renderer tests: list, create, rename, delete, search, get. */
export function createFakeChat() {
  const conversations = new Map<string, Conversation>()
  /** Deleted this "session", for Undo. */
  const deleted = new Map<string, Conversation>()
  let next = 1
  /** Files the export "saved" (the save dialog answers `exportAnswer`; null: cancelled). */
  const exports: { conversationId: string; fileName: string }[] = []
  const control = { exportAnswer: 'chat.md' as string | null }
  const summary = (c: Conversation, snippet: string | null = null) => ({
    id: c.id,
    title: c.title,
    model: c.model,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    messageCount: c.messages.length,
    running: false,
    snippet,
    pinned: c.pinned === true,
    match: snippet ? { messageId: null, start: 0, length: snippet.length } : null,
    ...(c.space ? { space: c.space } : {}),
    ...(c.thinking ? { thinking: c.thinking } : {}),
    ...(c.memory === 'off' ? { memory: 'off' as const } : {})
  })
  const need = (id: string) => {
    const c = conversations.get(id)
    if (!c) throw new CairnError('BAD_INPUT', 'There is no such conversation.')
    return c
  }
  const handlers = {
    'chat:list-conversations': () => ({
      conversations: [...conversations.values()]
        .reverse()
        .sort((a, b) => Number(b.pinned === true) - Number(a.pinned === true))
        .map((c) => summary(c)),
      problems: []
    }),
    'chat:search-conversations': ({ query }: { query: string }) => ({
      conversations: [...conversations.values()]
        .filter((c) => c.title.toLowerCase().includes(query.toLowerCase()))
        .map((c) => summary(c, c.title))
    }),
    'chat:create-conversation': (input?: { memory?: 'on' | 'off'; project?: string }) => {
      const now = new Date().toISOString()
      const c: Conversation = {
        version: 2,
        id: `c${String(next++).padStart(8, '0')}`,
        title: '',
        titleSource: 'auto',
        model: 'claude-test',
        createdAt: now,
        updatedAt: now,
        ...(input?.project ? { space: input.project } : {}),
        messages: [],
        ...(input?.memory === 'off' ? { memory: 'off' as const } : {})
      }
      conversations.set(c.id, c)
      return c
    },
    // As main does: the chat names its project's space from now on (none: "No project").
    'chat:move-to-project': (input: { conversationId: string; project: string | null }) => {
      const c = need(input.conversationId)
      if (input.project) c.space = input.project
      else delete c.space
      return summary(c)
    },
    'chat:get-conversation': ({ conversationId }: { conversationId: string }) => ({
      conversation: need(conversationId),
      running: false
    }),
    'chat:rename-conversation': (input: { conversationId: string; title: string }) => {
      const c = need(input.conversationId)
      c.title = input.title
      return summary(c)
    },
    'chat:set-pinned': (input: { conversationId: string; pinned: boolean }) => {
      const c = need(input.conversationId)
      c.pinned = input.pinned
      return summary(c)
    },
    'chat:export-conversation': ({ conversationId }: { conversationId: string }) => {
      need(conversationId)
      const fileName = control.exportAnswer
      if (fileName) exports.push({ conversationId, fileName })
      return { saved: fileName !== null, fileName }
    },
    'chat:set-thinking': (input: {
      conversationId: string
      thinking: NonNullable<Conversation['thinking']>
    }) => {
      const c = need(input.conversationId)
      c.thinking = input.thinking
      return summary(c)
    },
    'chat:set-model': (input: { conversationId: string; model: string }) => {
      const c = need(input.conversationId)
      c.model = input.model
      return summary(c)
    },
    'chat:update-conversation': (input: {
      conversationId: string
      instructions?: string | null
      memory?: 'on' | 'off'
      webSearch?: boolean
      webFetch?: boolean
      serversOff?: string[]
    }) => {
      const c = need(input.conversationId)
      if (input.serversOff) c.serversOff = input.serversOff
      if (input.instructions === null) delete c.instructions
      else if (input.instructions !== undefined) c.instructions = input.instructions
      if (input.memory) c.memory = input.memory
      if (input.webSearch !== undefined || input.webFetch !== undefined)
        c.web = {
          search: input.webSearch ?? c.web?.search ?? false,
          fetch: input.webFetch ?? c.web?.fetch ?? false
        }
      return {
        conversationId: c.id,
        model: c.model,
        instructions: c.instructions ?? null,
        memory: c.memory ?? 'on',
        webSearch: c.web?.search ?? false,
        webFetch: c.web?.fetch ?? false,
        ...(c.serversOff?.length ? { serversOff: c.serversOff } : {})
      }
    },
    'chat:delete-conversation': ({ conversationId }: { conversationId: string }) => {
      deleted.set(conversationId, need(conversationId))
      conversations.delete(conversationId)
      return { conversationId }
    },
    // As main does: the deleted chat is kept aside (until a restart) for Undo.
    'chat:restore-conversation': ({ conversationId }: { conversationId: string }) => {
      const kept = deleted.get(conversationId)
      if (!kept) return null
      deleted.delete(conversationId)
      conversations.set(conversationId, kept)
      return summary(kept)
    },
    // As main does: the unfinished reply is replaced; the new one arrives as events.
    'chat:retry': ({ conversationId }: { conversationId: string }) => {
      const c = need(conversationId)
      c.messages = withoutUnfinishedReply(c.messages)
      return { turnId: `turn-${next++}` }
    },
    // Message actions, simplified: the path is cut and resent; versions are main's (branches.ts).
    'chat:edit-message': (input: { conversationId: string; messageId: string; text: string }) => {
      const c = need(input.conversationId)
      const at = c.messages.findIndex((m) => m.id === input.messageId)
      if (at === -1) throw new CairnError('BAD_INPUT', 'That message cannot be edited.')
      c.messages = [
        ...c.messages.slice(0, at),
        {
          id: `m${next++}`,
          role: 'user',
          createdAt: new Date().toISOString(),
          content: [{ type: 'text', text: input.text }]
        }
      ]
      return { turnId: `t${next++}`, conversation: c }
    },
    'chat:regenerate': ({ conversationId }: { conversationId: string }) => {
      const c = need(conversationId)
      const last = c.messages.findLastIndex((m) => m.role === 'user')
      c.messages = c.messages.slice(0, last + 1)
      return { turnId: `t${next++}`, conversation: c }
    },
    'chat:switch-version': ({ conversationId }: { conversationId: string }) => ({
      conversation: need(conversationId)
    })
  }
  return { conversations, handlers, exports, control }
}
