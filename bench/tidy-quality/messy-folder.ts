// A messy memory folder with known facts, for `npm run bench:tidy-quality` (issue 39, "Quality
// you can check"). Deterministic: the same seed gives the same bytes, and nothing comes from the
// clock. The facts are fixed (questions.json asks about them); the seed only draws the filler
// around them. The mess is the kind a tidy should clear: the same fact in three files, an old
// address beside a newer dated one, stale to-dos, a journal far larger than anyone reads, and
// file names that no longer fit what the files hold.

import { prng } from '../../src/main/services/memory/__tests__/prng'

export const DEFAULT_SEED = 39

const SUBJECTS = ['the garden', 'the kitchen', 'the bike', 'the team', 'the cat', 'the car']
const VERBS = ['needed', 'got', 'was given', 'looked like it needed', 'finally had']
const OBJECTS = ['some attention', 'a good clean', 'new parts', 'a long talk', 'a quiet day']
const MOODS = ['Nothing else of note.', 'Slept well.', 'Rained most of the day.', 'Busy day.']

function filler(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}. ${pick(MOODS)}`
}

/** `2025-MM-DD` for day `n` of 2025 (n from 0), without Date: no time zone, no clock. */
function dayOf2025(n: number): string {
  const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  let day = n % 365
  let month = 0
  while (day >= (lengths[month] as number)) day -= lengths[month++] as number
  return `2025-${String(month + 1).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}`
}

/** About this many bytes of journal: far more than anyone reads, with three facts buried in it. */
export const JOURNAL_BYTES = 30_000

function journal(random: () => number): string {
  const buried = new Map([
    [41, 'Allergist confirmed it: I am allergic to penicillin, so never take it.'],
    [163, 'Found the perfect tea at last: lapsang souchong from the shop on Quay Street.'],
    [287, 'My bike lock code is now 4-7-1-9 (changed it after the old one jammed).']
  ])
  const lines = ['# Journal', '']
  let bytes = 0
  for (let n = 0; bytes < JOURNAL_BYTES; n++) {
    const line = `- ${dayOf2025(n)}: ${buried.get(n) ?? filler(random)}`
    lines.push(line)
    bytes += line.length + 1
  }
  return `${lines.join('\n')}\n`
}

/** Paths under /memories → text. */
export function generateMessyFolder(seed = DEFAULT_SEED): Record<string, string> {
  const random = prng(seed)
  const daily = (n: number, extra: string) => `- ${dayOf2025(n)}: ${filler(random)} ${extra}`
  return {
    // Alice's phone number three times; her address twice, the older one undated as "current".
    'contacts.md': [
      '# Contacts',
      '- Alice Moreno: phone 0161 555 0143; lives at 12 Larch Road, Hebden (since 2022)',
      '- Bob Tran: works at Fernhill Joinery; phone 0161 555 0178',
      '- Dr Okafor (dentist): Tuesdays only',
      ''
    ].join('\n'),
    'people.md': [
      '# People',
      '- Alice Moreno, my sister: phone 0161 555 0143. Birthday 14 March.',
      '- 2026-03-02: Alice moved to 5 Wharf Street, Todmorden. Old address no longer valid.',
      '- 2026-01-10: Bob Tran left Fernhill Joinery and now works at Calder Robotics.',
      ''
    ].join('\n'),
    'misc.md': [
      '# Misc',
      '- Alice Moreno phone: 0161 555 0143',
      '- Project Kestrel: launch date 2026-05-20 (set at the January planning).',
      '- 2026-02-18 update: Project Kestrel launch moved to 2026-06-30 after the supplier delay.',
      '- Kestrel budget: 48,000 GBP, owned by Priya Shah.',
      '- TODO (2024): book tickets for the 2024 Leeds tech fair.',
      '- TODO (2024): renew the 2024 parking permit.',
      ''
    ].join('\n'),
    // A name that no longer fits: "holiday" notes that are mostly about work.
    'holiday-2023.md': [
      '# Holiday 2023',
      '- Stayed at a cottage in Keswick, August 2023.',
      '- Work: the team stand-up is at 09:15 every weekday, on the Otter call line.',
      '- Work: expenses go to finance@kestrel.example by the 25th of each month.',
      ''
    ].join('\n'),
    'daily/2025-notes.md': [
      '# Notes from 2025',
      daily(3, ''),
      daily(9, 'Preferred seat on trains: aisle, facing forward.'),
      daily(17, 'Reminder (expired 2025-04-01): return the library book.'),
      daily(23, 'Alice Moreno phone is 0161 555 0143.'),
      ''
    ].join('\n'),
    'journal.md': journal(random)
  }
}

/** The folder's size in bytes (UTF-8), for the size ratio. */
export function folderBytes(files: Record<string, string> | ReadonlyMap<string, Buffer>): number {
  const values = files instanceof Map ? [...files.values()] : Object.values(files)
  return values.reduce<number>(
    (sum, value) =>
      sum + (typeof value === 'string' ? Buffer.byteLength(value) : (value as Buffer).byteLength),
    0
  )
}
