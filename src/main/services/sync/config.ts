import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { ensurePrivateDir, writeFileDurably } from '../fs/durable'

// Which store sync uses, and whether it is paused: off (no file) until the user turns it on.

const SyncConfigSchema = z.object({
  storeId: z.string(),
  storeName: z.string().nullable(),
  paused: z.boolean(),
  /** This device's name in kept copies (the user's choice; else the computer's name). */
  deviceName: z.string().optional()
})
export type SyncConfig = z.infer<typeof SyncConfigSchema>

const CONFIG_FILE = 'sync-config.json'

export async function loadConfig(dir: string): Promise<SyncConfig | null> {
  try {
    const parsed = SyncConfigSchema.safeParse(
      JSON.parse(await readFile(join(dir, CONFIG_FILE), 'utf8'))
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export async function saveConfig(dir: string, config: SyncConfig | null): Promise<void> {
  await ensurePrivateDir(dir)
  await writeFileDurably(join(dir, CONFIG_FILE), JSON.stringify(config))
}
