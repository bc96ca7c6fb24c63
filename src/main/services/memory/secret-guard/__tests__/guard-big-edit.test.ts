import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runner, useMemory } from '../../__tests__/helpers'
import { secretSamples } from './samples'

// The guard looks at the region an edit changes (and text around it), not the whole file: in a
// 5 MB file it still refuses a secret the edit adds, and one the edit makes by joining two
// halves at its boundary, with the line it sits on; the file stays as it was.

const GITHUB = secretSamples(12, 1).find((s) => s.kind === 'GitHub token')!.secret
const LIMITS = { maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 }
const LINE = 'The quick brown fox jumps over the lazy dog; memory line\n'
const LINES = Math.ceil((5 * 1000 * 1000) / LINE.length)

/** 5 MB of notes with `middle` as line MIDDLE + 1. */
const MIDDLE = Math.floor(LINES / 2)
const bigWith = (middle: string) =>
  `${LINE.repeat(MIDDLE)}${middle}\n${LINE.repeat(LINES - MIDDLE)}`

describe('the guard in an edit of a 5 MB file', () => {
  const memory = useMemory()

  it('refuses a secret a str_replace or insert adds, naming its line; the file is unchanged', async () => {
    await memory.mkroot()
    const text = bigWith('@@here@@')
    await writeFile(join(memory.root(), 'big.md'), text)
    const store = await memory.open({ limits: LIMITS })
    const claude = runner(() => store)
    const edit = await claude.err({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: '@@here@@',
      new_str: `token ${GITHUB}`
    })
    expect(edit).toMatch(
      new RegExp(`^Error: Refused: contains a GitHub token \\(line ${MIDDLE + 1}\\)`)
    )
    const added = await claude.err({
      command: 'insert',
      path: '/memories/big.md',
      insert_line: LINES,
      insert_text: `token ${GITHUB}\n`
    })
    expect(added).toMatch(
      new RegExp(`^Error: Refused: contains a GitHub token \\(line ${LINES + 1}\\)`)
    )
    expect(await readFile(join(memory.root(), 'big.md'), 'utf8')).toBe(text)
  })

  it('refuses an edit that joins two halves of a secret at its boundary', async () => {
    await memory.mkroot()
    const cut = Math.floor(GITHUB.length / 2)
    const text = bigWith(`${GITHUB.slice(0, cut)}@@cut@@${GITHUB.slice(cut)}`)
    await writeFile(join(memory.root(), 'big.md'), text)
    const store = await memory.open({ limits: LIMITS })
    const claude = runner(() => store)
    const joined = await claude.err({
      command: 'str_replace',
      path: '/memories/big.md',
      old_str: '@@cut@@',
      new_str: ''
    })
    expect(joined).toMatch(
      new RegExp(`^Error: Refused: contains a GitHub token \\(line ${MIDDLE + 1}\\)`)
    )
    expect(joined).not.toContain(GITHUB)
    expect(await readFile(join(memory.root(), 'big.md'), 'utf8')).toBe(text)
  })
})
