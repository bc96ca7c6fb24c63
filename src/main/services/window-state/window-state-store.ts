import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileDurably } from '../fs/durable'

export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(16_384),
  height: z.number().int().min(300).max(16_384),
  maximized: z.boolean().default(false)
})
export type WindowState = z.infer<typeof WindowStateSchema>

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1100, height: 760, maximized: false }

/** Remembers the window's size and place between runs; a bad file just means the default size. */
export function createWindowStateStore(dir: string) {
  const file = join(dir, 'window-state.json')
  return {
    async load(): Promise<WindowState> {
      try {
        const parsed = WindowStateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
        return parsed.success ? parsed.data : { ...DEFAULT_WINDOW_STATE }
      } catch {
        return { ...DEFAULT_WINDOW_STATE }
      }
    },
    async save(state: WindowState): Promise<void> {
      await writeFileDurably(file, JSON.stringify(WindowStateSchema.parse(state)) + '\n')
    }
  }
}
export type WindowStateStore = ReturnType<typeof createWindowStateStore>
