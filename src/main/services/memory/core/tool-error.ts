import type { CapRefusal } from '@shared/memory/caps'

// The error every floor of the engine throws, from safe-fs up to the commands. It lives on the
// lowest floor so that safe-fs (which refuses a root swapped for a link) need not import
// jail/io-failure.ts, which itself reads the jail's FsProblem: that was a runtime import cycle.

export type ToolErrorKind =
  'invalid' | 'not-found' | 'exists' | 'refused' | 'cap' | 'conflict' | 'io' | 'secret'

/** A failure whose message is exactly what Claude (or the user) is shown. */
export class ToolError extends Error {
  constructor(
    readonly kind: ToolErrorKind,
    message: string,
    /** For a cap refusal: which cap, so the chip can name it without parsing this message. */
    readonly refusal?: CapRefusal,
    /** What the activity log keeps instead, when the message quotes Claude's input or a file. */
    readonly activity?: string
  ) {
    super(message)
  }
}
