import { RELEASE_NOTES_MAX_CHARS } from '@shared/app/updates'

// A GitHub release carries its notes as HTML; the page shows text only (no HTML ever crosses).

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' '
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Release notes as plain text: tags dropped (block tags become line breaks), capped; null if empty. */
export function plainReleaseNotes(notes: string | null | undefined): string | null {
  if (!notes) return null
  const text = decodeEntities(
    notes
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|ul|ol|pre|blockquote|tr)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, '')
  )
    // Control characters (tabs and line breaks apart) never reach the page.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (text === '') return null
  return text.length > RELEASE_NOTES_MAX_CHARS
    ? `${text.slice(0, RELEASE_NOTES_MAX_CHARS - 1)}…`
    : text
}
