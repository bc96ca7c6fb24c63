import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

// The tidy benches' folder and proposal (issue 39: "200 changes over 1,000 files"), shared by
// bench/tidy.bench.ts (apply and undo through the memory engine) and
// bench/tidy-review.bench.ts (the review screen in Chromium).

export const TIDY_FILES = 1_000

export const tidyFileText = (i: number) =>
  `# Note ${i}\n${Array.from({ length: 20 }, (_, l) => `- fact ${i}.${l}: something worth keeping about topic ${i % 37}`).join('\n')}\n`
export const tidyPathOf = (i: number) => `topic-${i % 50}/note-${i}.md`

/** Writes the 1,000 notes under `root` (the memory folder). */
export async function writeTidyFolder(root: string): Promise<void> {
  for (let i = 0; i < TIDY_FILES; i++) {
    await mkdir(dirname(join(root, tidyPathOf(i))), { recursive: true })
    await writeFile(join(root, tidyPathOf(i)), tidyFileText(i))
  }
}

/** 200 commands: 100 edits, 30 inserts, 30 deletes, 20 renames each followed by an edit of the new name. */
export function tidyCommands(): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = []
  for (let i = 0; i < 100; i++)
    out.push({
      command: 'str_replace',
      path: `/memories/${tidyPathOf(i)}`,
      old_str: `- fact ${i}.3: something`,
      new_str: `- fact ${i}.3 (checked): something`
    })
  for (let i = 100; i < 130; i++)
    out.push({
      command: 'insert',
      path: `/memories/${tidyPathOf(i)}`,
      insert_line: 1,
      insert_text: 'Updated.\n'
    })
  for (let i = 130; i < 160; i++)
    out.push({ command: 'delete', path: `/memories/${tidyPathOf(i)}` })
  for (let i = 160; i < 180; i++) {
    out.push({
      command: 'rename',
      old_path: `/memories/${tidyPathOf(i)}`,
      new_path: `/memories/renamed/note-${i}.md`
    })
    out.push({
      command: 'str_replace',
      path: `/memories/renamed/note-${i}.md`,
      old_str: `# Note ${i}`,
      new_str: `# Note ${i} (renamed)`
    })
  }
  return out
}
