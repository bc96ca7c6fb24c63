import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under `root` (recursively) whose bytes contain `needle`, as raw text or JSON-escaped. */
export async function filesContaining(root: string, needle: string): Promise<string[]> {
  const forms = [needle, JSON.stringify(needle).slice(1, -1)]
  const hits: string[] = []
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const text = (await readFile(path)).toString('latin1')
    if (forms.some((form) => text.includes(form))) hits.push(path)
  }
  return hits
}
