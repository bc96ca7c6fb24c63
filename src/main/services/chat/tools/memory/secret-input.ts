import { redactPath, withoutSecrets as redacted } from '../../../memory'

/*
 * Nothing refused is kept or re-sent. The secret guard refuses (or redacts) a memory command of
 * Claude's that holds a secret, but the secret is still in the command's input: in the saved
 * conversation, in what the renderer is sent, and in every later request. Each string of the
 * input (file_text, new_str, insert_text, old_str, paths…) loses its secrets to the guard's own
 * `[redacted: <kind>]` marker before the reply is saved or shown (concealSecrets).
 */
export async function withoutSecrets(
  input: Record<string, unknown>
): Promise<Record<string, unknown>> {
  return (await scrub(input)) as Record<string, unknown>
}

/** Inputs that name a file or folder: their names are checked as the guard checks new names. */
const PATH_KEYS: ReadonlySet<string> = new Set(['path', 'old_path', 'new_path'])

async function scrub(value: unknown, key?: string): Promise<unknown> {
  // A key glued to a name (`notes-sk-ant-….md`) is found only with `-`, `_`, `.` as word breaks.
  if (typeof value === 'string')
    return key && PATH_KEYS.has(key) ? redactPath(await redacted(value)) : redacted(value)
  if (Array.isArray(value)) return Promise.all(value.map((item) => scrub(item)))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) out[name] = await scrub(item, name)
    return out
  }
  return value
}

/**
 * A memory command without its secrets, as it may be saved and shown (null: it held none): the
 * guard will refuse or redact them anyway, and neither the conversation file nor the renderer
 * may hold one, not even while the command runs (or waits for approval). The command as Claude
 * wrote it is what the engine must be given, kept in memory only.
 */
export async function concealSecrets(
  input: Record<string, unknown>
): Promise<Record<string, unknown> | null> {
  const clean = await withoutSecrets(input)
  return JSON.stringify(clean) === JSON.stringify(input) ? null : clean
}

/** The texts of Claude's memory commands, the parts the guard scans with the file around them. */
const TEXT_KEYS = ['file_text', 'new_str', 'insert_text', 'old_str']

/**
 * For a command the guard caught though no secret shows in its strings alone (an edit that
 * completes a key already half in the file): its texts leave the tool call whole.
 */
export function withoutTexts(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input }
  for (const key of TEXT_KEYS)
    if (typeof out[key] === 'string') out[key] = '[redacted: part of a secret]'
  return out
}
