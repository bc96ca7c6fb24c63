import { readFile } from 'node:fs/promises'
import type { RestoreExpires } from '@shared/memory/expiry'
import { bigFiles } from '../jail/big-file'
import { headOf } from './archive'
import { frontMatterExpiry, withFrontMatterExpiry } from '../core/front-matter'
import type { MemoryPath } from '../jail/paths'
import { ToolError } from '../core/tool-error'

// A file restored from the archive must not expire again at once: its own `expires:` date is
// kept only while it is still to come; otherwise the user removes or extends it.

export interface RestoreChoice {
  expires?: RestoreExpires | undefined
  /** YYYY-MM-DD, with `extend`. */
  until?: string | undefined
}

/** The text to write in place of the archived file, or undefined to move it back unchanged. */
export async function restoredText(
  source: string,
  target: MemoryPath,
  choice: RestoreChoice,
  now: number
): Promise<string | undefined> {
  const date = frontMatterExpiry(await headOf(source))
  if (date === undefined) {
    if (choice.expires === 'extend')
      throw new ToolError('refused', `Error: ${target.display} has no expires: date to extend.`)
    return undefined
  }
  const day = new Date(date).toISOString().slice(0, 10)
  const mode = choice.expires ?? 'keep'
  if (mode === 'keep') {
    if (date > now) return undefined
    throw new ToolError(
      'refused',
      `Error: ${target.display} would expire again at once: its own expires: date (${day}) has passed. Restore it with that date removed or extended.`
    )
  }
  let until: string | null = null
  if (mode === 'extend') {
    until = choice.until ?? ''
    const at = Date.parse(until)
    if (!Number.isFinite(at) || at <= now) {
      throw new ToolError(
        'refused',
        `Error: Cannot extend ${target.display} to ${until}: choose a day still to come.`
      )
    }
  }
  const bytes = await readFile(source)
  const text = bytes.toString('utf8')
  if (bytes.length > bigFiles.wholeBytes || !Buffer.from(text, 'utf8').equals(bytes)) {
    throw new ToolError(
      'refused',
      `Error: ${target.display} is not small UTF-8 text, so its expires: date cannot be changed here. Restore it keeping the date, or edit the archived file by hand.`
    )
  }
  return withFrontMatterExpiry(text, until)
}
