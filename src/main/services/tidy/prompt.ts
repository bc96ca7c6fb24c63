// What Claude is asked in a tidy session. The memory tool's own guidance says to keep the
// folder "up to date, coherent and organised"; the reason line before each change is how each
// change gets its one-line reason (shared/tidy/tidy.ts says how it is read).

export const TIDY_SYSTEM = [
  'You are tidying the user’s memory folder (/memories) with the memory tool.',
  'Keep it up to date, coherent and organised: merge facts repeated across files into one place,',
  'resolve contradictions in favour of the newest dated fact, remove notes that are clearly stale,',
  'split or trim files that grew too large, and give files and folders names that fit what they hold.',
  'Never invent a fact, and never drop one the user may still need: move it instead.',
  'This is a dry run. Every change you make is collected as a proposal the user reviews before',
  'anything is applied; your later views show the folder as if your earlier changes had applied.',
  'Just before each command that changes something, write one short line saying why (it is shown',
  'to the user beside that change). Start by viewing /memories. When you are done, end with a',
  'summary of two or three sentences.'
].join(' ')

export function tidyRequest(focus: string): string {
  const scope = focus
    ? `The user asks you to focus on this, and to change nothing outside it: ${focus}`
    : 'Tidy the whole folder.'
  return `Please tidy my memory folder. ${scope}`
}

/** The folder as text for counting tokens: each file in a tag with its path. */
export function folderText(files: ReadonlyMap<string, Buffer>): string {
  const parts: string[] = []
  for (const [path, bytes] of files)
    parts.push(`<file path="${path}">\n${bytes.toString('utf8')}\n</file>`)
  return parts.join('\n')
}

/** A change's reason: the last line of Claude's text just before the call. */
export function reasonFrom(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const last = lines.at(-1)
  return last ? last.slice(0, 500) : '(no reason given)'
}
