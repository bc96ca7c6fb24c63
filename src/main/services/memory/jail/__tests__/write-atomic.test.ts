import { readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../../__tests__/helpers'
import { pathDir } from '../fs-base'
import { writeAtomic } from '../fs-ops'

// History starts keeping a version once its bytes are in the temp file, not before: a sync of
// history's pack started earlier held the temp file's create up on the filesystem journal.

describe('writeAtomic', () => {
  const temp = useTempDir('cairn-write-atomic-')

  it('calls `written` once the bytes are in the temp file, before the name holds them', async () => {
    const dir = pathDir(temp())
    const seen: Array<{ names: string[]; text: string }> = []
    await writeAtomic(dir, 'note.md', Buffer.from('new text'), true, () => {
      const names = readdirSync(temp())
      const tempName = names.find((name) => name.endsWith('.tmp')) as string
      seen.push({ names, text: readFileSync(dir.at(tempName), 'utf8') })
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.names).not.toContain('note.md')
    expect(seen[0]?.text).toBe('new text')
    expect(await readFile(dir.at('note.md'), 'utf8')).toBe('new text')
    expect(readdirSync(temp())).toEqual(['note.md'])
  })
})
