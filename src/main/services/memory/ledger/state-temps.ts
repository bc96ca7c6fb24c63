import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** Leftover temp files of the state folder's own durable writes. */
export async function removeStateTemps(stateDir: string): Promise<void> {
  const names = await readdir(stateDir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((name) => /^\..+\.[0-9a-f-]{36}\.tmp$/.test(name))
      .map((name) => rm(join(stateDir, name), { force: true }))
  )
}
