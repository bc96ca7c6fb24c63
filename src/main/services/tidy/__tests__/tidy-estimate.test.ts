import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import {
  apiError,
  capabilities,
  DEFAULT_MODELS,
  gate,
  reply
} from '../../../../../e2e/fake-anthropic'
import { expectCairnError } from '../../__tests__/helpers'
import type { MemoryService, MemoryStore } from '../../memory'
import { folderHash, scriptTidy, useTidyRig } from './rig'

const space = DEFAULT_SPACE_ID
const rig = useTidyRig()

describe('the estimate before a tidy', () => {
  it('picks the cheapest current model the API says can tidy, and counts the folder with count_tokens', async () => {
    const r = await rig()
    r.fake.setModels([
      ...DEFAULT_MODELS,
      // Cheaper, but the API says it has no context management: not offered.
      {
        id: 'claude-haiku-5-5',
        display_name: 'Claude Haiku 5.5',
        capabilities: capabilities({ contextManagement: false })
      },
      // Cheaper too, but on its way out.
      {
        id: 'claude-3-5-haiku-20241022',
        display_name: 'Claude Haiku 3.5',
        lifecycle: 'deprecated',
        capabilities: capabilities({})
      }
    ])
    const estimate = await r.tidy.estimate({ space, focus: 'only the work notes' })
    expect(estimate.model).toBe('claude-haiku-4-5-20251001')
    expect(estimate.models.map((m) => m.id)).toEqual([
      'claude-haiku-4-5-20251001',
      'claude-sonnet-4-6',
      'claude-opus-4-6'
    ])
    expect(estimate.files).toBe(4)
    const counted = r.fake.requests.filter((q) => q.path === '/v1/messages/count_tokens')
    expect(counted).toHaveLength(1)
    const sent = JSON.stringify(counted[0]!.body)
    expect(sent).toContain('Project Kestrel ships in June')
    expect(sent).toContain('only the work notes')
    expect(estimate.inputTokens).toBe(Math.ceil(JSON.stringify(pick(counted[0]!.body)).length / 4))
    expect(estimate.inputCost).toBeCloseTo(estimate.inputTokens / 1e6, 9)
    // A model the user chose is used as chosen.
    expect((await r.tidy.estimate({ space, model: 'claude-opus-4-6' })).model).toBe(
      'claude-opus-4-6'
    )
    await expectCairnError(r.tidy.estimate({ space, model: 'claude-haiku-5-5' }), 'TIDY_REFUSED')
  })
})

describe('a session that does not finish', () => {
  it('cancels: the overlay copy goes, nothing on disk changed, and no proposal is left', async () => {
    const r = await rig()
    const before = await folderHash(r.root)
    const held = gate()
    r.fake.script(reply('Looking…', { fault: { kind: 'hold', gate: held, afterDeltas: 0 } }))
    const { sessionId } = await r.tidy.start({ space })
    await r.fake.waitForMessageRequests(1)
    await expectCairnError(r.tidy.start({ space }), 'TIDY_REFUSED')
    expect(await r.tidy.cancel({ space, sessionId })).toEqual({ cancelled: true })
    expect(r.events.at(-1)).toMatchObject({ sessionId, stage: 'cancelled' })
    await expectCairnError(r.tidy.proposal({ space, sessionId }), 'TIDY_NOT_FOUND')
    expect(await folderHash(r.root)).toBe(before)
    expect(readdirSync(r.scratch)).toEqual([])
  })

  it('a new tidy replaces a proposal left unreviewed (a window closed on it)', async () => {
    const r = await rig()
    r.fake.script(reply('Nothing to change.'), reply('Still nothing to change.'))
    const first = await r.tidy.start({ space })
    expect(await r.settled(first.sessionId)).toMatchObject({ stage: 'ready' })
    const second = await r.tidy.start({ space })
    expect(await r.settled(second.sessionId)).toMatchObject({ stage: 'ready' })
    await expectCairnError(r.tidy.proposal({ space, sessionId: first.sessionId }), 'TIDY_NOT_FOUND')
    expect((await r.tidy.proposal({ space, sessionId: second.sessionId })).summary).toBe(
      'Still nothing to change.'
    )
  })

  it('fails with words the user can act on when the API refuses', async () => {
    const r = await rig()
    r.fake.script(apiError(529))
    const { sessionId } = await r.tidy.start({ space })
    expect(await r.settled(sessionId)).toMatchObject({
      stage: 'failed',
      message: 'The API answered 529; nothing was changed. Try again later.'
    })
    const error = await expectCairnError(r.tidy.proposal({ space, sessionId }), 'TIDY_REFUSED')
    expect(error.message).toMatch(/529/)
  })
})

describe('nothing reaches the folder before review, whatever the approval setting', () => {
  it('a whole session only lists and reads the real space: no command of Claude runs on it', async () => {
    const called = new Set<string>()
    const spy = (store: MemoryStore): MemoryService =>
      new Proxy(store, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver) as unknown
          if (typeof value !== 'function') return value
          return (...args: unknown[]) => {
            called.add(String(name))
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
      })
    const r = await rig(undefined, spy)
    scriptTidy(r.fake)
    const { sessionId } = await r.tidy.start({ space })
    expect(await r.settled(sessionId)).toMatchObject({ stage: 'ready', changes: 4 })
    expect([...called].sort()).toEqual(['list', 'readForExport', 'usage'])
  })
})

function pick(body: unknown) {
  const { system, tools, messages } = body as Record<string, unknown>
  return { system, tools, messages }
}
