import { describe, expect, it } from 'vitest'
import { createDraftStore } from './draft-store'

const path = '/memories/notes.md'
const outside = { kind: 'external' as const }
const base = { content: 'old\n', hash: 'h1' }

describe('draft store: a file deleted under its draft', () => {
  it('keeps the draft, even typed back to the old text, until it is saved back or let go', () => {
    const store = createDraftStore()
    store.markDeleted(path, outside)
    expect(store.deleted()).toEqual([]) // no draft: nothing to keep

    store.set(path, { base, text: 'mine\n' })
    store.markDeleted(path, outside)
    expect(store.deleted()).toEqual([path])
    expect(store.deletedBy(path)).toEqual(outside)

    store.set(path, { base, text: 'old\n' })
    expect(store.get(path)?.text).toBe('old\n')
    expect(store.unsaved()).toEqual([path])

    // The file is back: a draft without edits has nothing left to keep.
    store.clearDeleted(path)
    expect(store.deleted()).toEqual([])
    expect(store.get(path)).toBeUndefined()
  })

  it('dropping the draft lets the deletion go too', () => {
    const store = createDraftStore()
    store.set(path, { base, text: 'mine\n' })
    store.markDeleted(path, outside)
    store.drop(path)
    expect(store.deleted()).toEqual([])
    expect(store.unsaved()).toEqual([])
  })
})
