import { mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import { isWindows } from '../../../__tests__/helpers'
import { runner, useMemory } from '../../__tests__/helpers'

// The memory root itself must never be a link: not when the engine opens it, not if it is swapped
// for one while the app runs. (Links inside the root are covered by adversarial/symlinks.test.ts.)

const memory = useMemory()

// Skipped on Windows: making a symbolic link there needs admin rights or Developer Mode.
describe.skipIf(isWindows)('a memory root that is a symbolic link', () => {
  test('is refused at open, with a message that says what to do', async () => {
    const elsewhere = join(memory.temp(), 'elsewhere')
    await mkdir(elsewhere)
    await writeFile(join(elsewhere, 'secret.txt'), 'not for Claude')
    await symlink(elsewhere, memory.root())
    const error = await memory.open().then(
      () => null,
      (reason: unknown) => reason
    )
    expect(error).toBeInstanceOf(CairnError)
    expect(error).toMatchObject({ code: 'MEMORY_REFUSED' })
    expect((error as CairnError).detail).toMatch(/symbolic link.*replace the link/s)
  })

  test('a root swapped for a link after opening is not followed', async () => {
    const store = await memory.open()
    const claude = runner(() => store)
    await claude.ok({ command: 'create', path: '/memories/a.md', file_text: 'mine' })
    const elsewhere = join(memory.temp(), 'elsewhere')
    await mkdir(elsewhere)
    await writeFile(join(elsewhere, 'secret.txt'), 'not for Claude')
    await rename(memory.root(), join(memory.temp(), 'moved-away'))
    await symlink(elsewhere, memory.root())

    const view = await claude.err({ command: 'view', path: '/memories' })
    expect(view).toMatch(/\/memories has been replaced by a symbolic link/)
    expect(view).not.toContain('secret.txt')
    expect(view).not.toContain(memory.temp())
    expect(await claude.err({ command: 'view', path: '/memories/secret.txt' })).not.toContain(
      'not for Claude'
    )
    await claude.err({ command: 'create', path: '/memories/b.md', file_text: 'planted' })
    await expect(readFile(join(elsewhere, 'b.md'))).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(store.list()).rejects.toMatchObject({ code: 'MEMORY_REFUSED' })
  })

  test('folders above the root may be links (the root is reached through them)', async () => {
    const real = join(memory.temp(), 'real-parent')
    await mkdir(real)
    const linkedParent = join(memory.temp(), 'linked-parent')
    await symlink(real, linkedParent)
    const store = await memory.open({ root: join(linkedParent, 'memories') })
    await runner(() => store).ok({ command: 'create', path: '/memories/a.md', file_text: 'x' })
    expect(await readFile(join(real, 'memories', 'a.md'), 'utf8')).toBe('x')
  })
})
