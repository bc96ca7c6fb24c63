import { describe, expect, it } from 'vitest'
import {
  ActivityQuerySchema,
  ExpiryPolicyPatchSchema,
  MemoryActorSchema,
  MemoryCreateInputSchema,
  MemoryLimitsPatchSchema,
  MemoryWriteInputSchema
} from '../memory/memory'
import { SETTINGS_RANGES } from '../app/settings'

describe('memory domain schemas', () => {
  it('patches keep only the fields they name (no defaults filled in)', () => {
    expect(MemoryLimitsPatchSchema.parse({ maxFiles: 10 })).toEqual({ maxFiles: 10 })
    expect(ExpiryPolicyPatchSchema.parse({ days: 7 })).toEqual({ days: 7 })
    expect(MemoryLimitsPatchSchema.safeParse({ maxFiles: 0 }).success).toBe(false)
    expect(ExpiryPolicyPatchSchema.safeParse({ mode: 'sometimes' }).success).toBe(false)
  })

  it('actors: Claude needs a conversation id', () => {
    expect(MemoryActorSchema.safeParse({ kind: 'claude', conversationId: 'c' }).success).toBe(true)
    expect(MemoryActorSchema.safeParse({ kind: 'claude' }).success).toBe(false)
    expect(MemoryActorSchema.safeParse({ kind: 'system' }).success).toBe(false)
  })

  it('activity queries page 50 at a time by default and at most 500', () => {
    expect(ActivityQuerySchema.parse({})).toEqual({ offset: 0, limit: 50 })
    expect(ActivityQuerySchema.safeParse({ limit: 501 }).success).toBe(false)
  })

  it("caps the user's text at the largest per-file cap anyone can set, with a clear message", () => {
    const max = SETTINGS_RANGES.maxFileBytes.max
    const path = '/memories/a.md'
    expect(MemoryWriteInputSchema.safeParse({ path, content: 'x'.repeat(max) }).success).toBe(true)
    for (const schema of [MemoryWriteInputSchema, MemoryCreateInputSchema]) {
      const result = schema.safeParse({ path, content: 'x'.repeat(max + 1) })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(
        'content can be at most 10,485,760 characters (10 MB, the largest per-file cap)'
      )
    }
  })
})
