import { CairnError } from '@shared/errors'

/** A file Cairn will not attach, or a message the API would refuse: says which limit and what to do. */
export function refused(message: string): CairnError {
  return new CairnError('ATTACHMENT_REFUSED', message)
}

/** `“name”` for messages, shortened so a hostile name cannot flood the UI. */
export function quoted(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'the file'
  return `“${clean.length > 80 ? `${clean.slice(0, 77)}…` : clean}”`
}
