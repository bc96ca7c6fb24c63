import { describe, expect, it } from 'vitest'
import { keyShapeProblem } from '../models/api-key-shape'

describe('keyShapeProblem', () => {
  it('accepts Anthropic API keys', () => {
    expect(keyShapeProblem('sk-ant-api03-AbC_d-123')).toBeNull()
    expect(keyShapeProblem('  sk-ant-api03-AbC  ')).toBeNull()
  })

  it('names an OpenAI key as one', () => {
    for (const key of ['sk-proj-abc123', 'sk-svcacct-abc', 'sk-' + 'a1'.repeat(24)])
      expect(keyShapeProblem(key)?.message).toMatch(/OpenAI/)
  })

  it('refuses an Admin key and anything else', () => {
    expect(keyShapeProblem('sk-ant-admin01-abc')?.message).toMatch(/Admin key/)
    expect(keyShapeProblem('AIzaSyA-something')?.message).toMatch(/does not look like/)
    expect(keyShapeProblem('sk-ant-with space')?.message).toMatch(/does not look like/)
  })
})
