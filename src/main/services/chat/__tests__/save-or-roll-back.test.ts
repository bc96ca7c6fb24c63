import { describe, expect, it } from 'vitest'
import { CONVERSATION_VERSION, type Conversation } from '@shared/chat/chat'
import { saveOrRollBack } from '../conversations/save-or-roll-back'
import { createMessageActions } from '../calls/message-actions'

const conversation = (): Conversation => ({
  version: CONVERSATION_VERSION,
  id: 'c0nversation-1',
  title: 'Walks',
  titleSource: 'auto',
  model: 'claude-sonnet-4-5',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  messages: [{ id: 'u1', role: 'user', createdAt: '2026-01-01T00:00:00.000Z', content: [] }],
  frame: { system: 'S', told: { instructions: '', memory: 'on', guidance: 'g' } }
})

const diskFull = async (): Promise<void> => {
  throw new Error('ENOSPC')
}

describe('saveOrRollBack', () => {
  it('keeps the change when the save lands', async () => {
    const c = conversation()
    const saved: string[] = []
    await saveOrRollBack(c, {
      keep: ['title'],
      change: () => {
        c.title = 'Hikes'
      },
      save: async (x) => void saved.push(x.title)
    })
    expect(c.title).toBe('Hikes')
    expect(saved).toEqual(['Hikes'])
  })

  it('puts back every kept field when the save fails: pushed arrays, edited objects, added keys', async () => {
    const c = conversation()
    const before = structuredClone(c)
    let undone = false
    await expect(
      saveOrRollBack(c, {
        keep: ['messages', 'frame', 'pinned', 'title'],
        change: () => {
          c.messages.push({ id: 'u2', role: 'user', createdAt: 'now', content: [] })
          if (c.frame) c.frame.thinkingSince = 'now'
          c.pinned = true
          c.title = 'Hikes'
          return () => {
            undone = true
          }
        },
        save: diskFull
      })
    ).rejects.toThrow('ENOSPC')
    expect(c).toEqual(before)
    expect(Object.hasOwn(c, 'pinned')).toBe(false)
    expect(undone).toBe(true)
  })

  it('leaves fields it was not told to keep as the change left them', async () => {
    const c = conversation()
    await expect(
      saveOrRollBack(c, {
        keep: ['title'],
        change: () => {
          c.title = 'Hikes'
          c.model = 'claude-opus-4-1'
        },
        save: diskFull
      })
    ).rejects.toThrow('ENOSPC')
    expect(c.title).toBe('Walks')
    expect(c.model).toBe('claude-opus-4-1')
  })

  it('rolls back only after what ran during the save has settled', async () => {
    const c = conversation()
    const order: string[] = []
    let told: boolean | undefined
    await expect(
      saveOrRollBack(c, {
        keep: ['title'],
        change: () => {
          c.title = 'Hikes'
        },
        save: diskFull,
        whileSaving: (saved) =>
          saved.then(async (ok) => {
            told = ok
            // What ran still sees the change until it is done.
            order.push(`settled while title was ${c.title}`)
          })
      })
    ).rejects.toThrow('ENOSPC')
    order.push(`rolled back to ${c.title}`)
    expect(told).toBe(false)
    expect(order).toEqual(['settled while title was Hikes', 'rolled back to Walks'])
  })

  it('a change that throws puts back what it did and never saves', async () => {
    const c = conversation()
    let saves = 0
    await expect(
      saveOrRollBack(c, {
        keep: ['title'],
        change: async () => {
          c.title = 'Hikes'
          throw new Error('bad input')
        },
        save: async () => void (saves += 1)
      })
    ).rejects.toThrow('bad input')
    expect(c.title).toBe('Walks')
    expect(saves).toBe(0)
  })
})

describe('Continue after a reply cut off at the limit, when the save fails', () => {
  it('leaves no note to Claude behind in the conversation, and starts no reply', async () => {
    const c = conversation()
    c.messages.push({
      id: 'a1',
      role: 'assistant',
      createdAt: '2026-01-01T00:00:01.000Z',
      model: c.model,
      content: [{ type: 'text', text: 'The first half' }],
      status: 'complete',
      stopReason: 'max_tokens',
      usage: null,
      error: null
    })
    const before = structuredClone(c)
    const started: string[] = []
    const actions = createMessageActions({
      find: async () => c,
      ensureIdle: () => undefined,
      save: diskFull,
      start: (x) => (started.push(x.id), 'turn'),
      clock: () => new Date('2026-01-02T00:00:00.000Z')
    })
    await expect(actions.continueReply({ conversationId: c.id })).rejects.toThrow('ENOSPC')
    expect(c).toEqual(before)
    expect(started).toEqual([])
  })
})
