// What the engine's secret guard put in a memory tool result, for the chip's label. The result
// names kinds and lines only (never the secret), so the label can quote it.

const REFUSED = /^Error: Refused: contains (.+?)\. Nothing was written/
const REFUSED_IN = /^Error: Refused: contains (.+?)\. Nothing was written to (\/memories\S*?):/
const REDACTED = /^Note: Redacted (\d+ secrets?) before saving/m

/** "Refused: contains an AWS access key" (lines dropped: the chip is one short line). */
export function secretRefusal(result: string): string | null {
  const what = REFUSED.exec(result.split('\n')[0] ?? '')?.[1]
  return what ? `Refused: contains ${what.replace(/ \(lines? [^)]*\)/g, '')}` : null
}

/** "Redacted 1 secret" when the guard redacted before saving. */
export function secretRedaction(result: string): string | null {
  const count = REDACTED.exec(result)?.[1]
  return count ? `Redacted ${count}` : null
}

/**
 * The expanded refusal, in words for the user: the tool result was written for Claude ("Write it
 * again without the secret…"), so it is not shown as is.
 */
export function secretRefusalDetails(result: string): string | null {
  const found = REFUSED_IN.exec(result.split('\n')[0] ?? '')
  if (!found) return null
  const [, what, path] = found
  return (
    `The secret guard kept ${what} out of memory. Nothing was written to ${path}; Claude was ` +
    'asked to write it again without the secret. Settings → Secret guard chooses whether such a ' +
    'change is refused or saved with the secret redacted.'
  )
}
