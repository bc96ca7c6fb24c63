import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MemoryStore } from '../../store'

export const CLAUDE = { kind: 'claude', conversationId: 'c' } as const

/**
 * A store over a folder holding `theirs.md` (written by another program, never seen by history),
 * with history's first pack already opened by a create (that open syncs: not what a test looks
 * at). `ready` runs then, so a test can start counting; the engine is imported only now, after
 * the test has put its fs recording in place.
 */
export async function withOutsideFile(
  prefix: string,
  ready: () => void,
  run: (store: MemoryStore) => Promise<void>
): Promise<void> {
  const { openMemoryStore } = await import('../..')
  const base = await mkdtemp(join(tmpdir(), prefix))
  const root = join(base, 'memories')
  await mkdir(root, { recursive: true })
  await writeFile(join(root, 'theirs.md'), 'written by another program\n')
  const store = await openMemoryStore({ root, stateDir: join(base, 'state') })
  try {
    await store.execute({ command: 'create', path: '/memories/mine.md', file_text: 'x' }, CLAUDE)
    ready()
    await run(store)
  } finally {
    await store.dispose()
    await rm(base, { recursive: true, force: true })
  }
}
