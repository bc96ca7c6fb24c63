import { CairnError } from '@shared/errors'

/** A file Cairn will not attach, or a message the API would refuse: says which limit and what to do. */
export function refused(message: string): CairnError {
  return new CairnError('ATTACHMENT_REFUSED', message)
}

/** `“name”` for messages, shortened so a hostile name cannot flood the UI. */
export function quoted(name: string): string {
  // Control characters (a hostile name's line breaks, escapes) are dropped.
  const clean =
    [...name]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .join('')
      .trim() || 'the file'
  return `“${clean.length > 80 ? `${clean.slice(0, 77)}…` : clean}”`
}
