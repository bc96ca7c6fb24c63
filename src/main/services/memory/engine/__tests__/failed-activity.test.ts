import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLAUDE, runner, useMemory } from '../../__tests__/helpers'

// Issue 35: the activity log never holds file content. A failed command's tool result may quote
// Claude's input (old_str) back to Claude; the entry the activity log keeps does not.

type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

const mem = useMemory()
let store: Store
const tool = runner(() => store)

/** Every activity file's bytes, rotated ones included. */
async function activityBytes(): Promise<string> {
  const names = (await readdir(mem.stateDir())).filter((n) => /^activity(\.\d+)?\.jsonl$/.test(n))
  expect(names).toContain('activity.jsonl')
  const texts = await Promise.all(names.map((n) => readFile(join(mem.stateDir(), n), 'utf8')))
  return texts.join('\n')
}

describe('failed commands in the activity log', () => {
  it("keeps no old_str or new_str of a failed str_replace, while Claude's result quotes it", async () => {
    store = await mem.open()
    const missing = 'missing-Zq8vN3kTwL-old'
    const twice = 'twice-Hx4pR7mQ'
    const replacement = 'new-Jd2sW9cY-text'
    await tool.ok({ command: 'create', path: '/memories/a.md', file_text: `${twice}\n${twice}\n` })
    const notFound = await tool.err({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: missing,
      new_str: replacement
    })
    expect(notFound).toContain(missing) // Claude is told what it sent
    const multiple = await tool.err({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: twice,
      new_str: replacement
    })
    expect(multiple).toContain('Multiple occurrences')
    // Through write approval: the plan fails, and that failure is recorded too.
    const asked = await store.execute(
      { command: 'str_replace', path: '/memories/a.md', old_str: `${missing}-2`, new_str: 'x' },
      CLAUDE,
      {
        ask: async ({ plan }) =>
          plan.ok ? { go: true, plan: plan.plan } : { go: false, result: plan.result }
      }
    )
    expect(asked.isError).toBe(true)
    await store.flush()
    const bytes = await activityBytes()
    expect(bytes).not.toContain(missing)
    expect(bytes).not.toContain(replacement)
    // The file's own text (which the multiple-occurrence error quoted) is not there either.
    expect(bytes).not.toContain(twice)
    const errors = (await store.activity({})).entries.filter((e) => e.outcome === 'error')
    expect(errors.map((e) => e.message)).toEqual([
      'No replacement was performed: old_str did not appear verbatim in /memories/a.md.',
      'No replacement was performed: old_str occurs more than once in /memories/a.md (lines 1, 2).',
      'No replacement was performed: old_str did not appear verbatim in /memories/a.md.'
    ])
  })
})
