import { describe, expect, it } from 'vitest'
import {
  ActivityQuerySchema,
  ExpiryPolicyPatchSchema,
  MemoryActorSchema,
  MemoryLimitsPatchSchema
} from '../memory'

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
})
