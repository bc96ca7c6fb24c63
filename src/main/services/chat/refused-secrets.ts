import { withoutSecrets as redacted } from '../memory'

/*
 * Nothing refused is kept or re-sent. When the secret guard refuses (or redacts) one of Claude's
 * memory commands, the secret is still in the command's input: in the saved conversation, and in
 * every later request. Each string of the input (file_text, new_str, insert_text, old_str,
 * paths…) loses its secrets to the guard's own `[redacted: <kind>]` marker before the
 * conversation is written again.
 */
export async function withoutSecrets(
  input: Record<string, unknown>
): Promise<Record<string, unknown>> {
  return (await scrub(input)) as Record<string, unknown>
}

async function scrub(value: unknown): Promise<unknown> {
  if (typeof value === 'string') return redacted(value)
  if (Array.isArray(value)) return Promise.all(value.map(scrub))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = await scrub(item)
    return out
  }
  return value
}
