import { describe, expect, test } from 'vitest'
import { MemoryWriteApprovalSchema } from '@shared/app/settings'
import { needsApproval } from '../chat/approval-policy'

// Every command Claude can send (and a few it should not) against every mode.
const ASKS: Record<string, Record<string, boolean>> = {
  automatic: {
    view: false,
    create: false,
    str_replace: false,
    insert: false,
    delete: false,
    rename: false
  },
  'ask-destructive': {
    view: false,
    create: false, // create never overwrites: the engine refuses an existing path
    str_replace: true,
    insert: true,
    delete: true,
    rename: true
  },
  'ask-all': {
    view: false,
    create: true,
    str_replace: true,
    insert: true,
    delete: true,
    rename: true
  }
}

describe('which memory commands wait for the user', () => {
  test('the table covers every mode', () => {
    expect(Object.keys(ASKS).sort()).toEqual([...MemoryWriteApprovalSchema.options].sort())
  })

  for (const mode of MemoryWriteApprovalSchema.options)
    for (const [command, asks] of Object.entries(ASKS[mode] ?? {}))
      test(`${mode}: ${command} ${asks ? 'asks' : 'does not ask'}`, () => {
        expect(needsApproval(mode, command)).toBe(asks)
      })

  test.each(MemoryWriteApprovalSchema.options)(
    '%s: unknown or malformed commands never ask (the engine refuses them)',
    (mode) => {
      for (const command of ['format', 'DELETE', 'view ', '', 42, null, undefined, ['delete']])
        expect(needsApproval(mode, command), String(command)).toBe(false)
    }
  )
})
