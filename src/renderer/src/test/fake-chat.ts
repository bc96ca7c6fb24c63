import type { Conversation } from '@shared/chat'
import { CairnError } from '@shared/errors'

/** Saved conversations for renderer tests: list, create, rename, delete, search, get. */
export function createFakeChat() {
  const conversations = new Map<string, Conversation>()
  let next = 1
  const summary = (c: Conversation, snippet: string | null = null) => ({
    id: c.id,
    title: c.title,
    model: c.model,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    messageCount: c.messages.length,
    running: false,
    snippet
  })
  const need = (id: string) => {
    const c = conversations.get(id)
    if (!c) throw new CairnError('BAD_INPUT', 'There is no such conversation.')
    return c
  }
  const handlers = {
    'chat:list-conversations': () => ({
      conversations: [...conversations.values()].reverse().map((c) => summary(c)),
      problems: []
    }),
    'chat:search-conversations': ({ query }: { query: string }) => ({
      conversations: [...conversations.values()]
        .filter((c) => c.title.toLowerCase().includes(query.toLowerCase()))
        .map((c) => summary(c, c.title))
    }),
    'chat:create-conversation': () => {
      const now = new Date().toISOString()
      const c: Conversation = {
        version: 1,
        id: `c${String(next++).padStart(8, '0')}`,
        title: '',
        titleSource: 'auto',
        model: 'claude-test',
        createdAt: now,
        updatedAt: now,
        messages: []
      }
      conversations.set(c.id, c)
      return c
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
    'chat:delete-conversation': ({ conversationId }: { conversationId: string }) => {
      need(conversationId)
      conversations.delete(conversationId)
      return { conversationId }
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
  return { conversations, handlers }
}
