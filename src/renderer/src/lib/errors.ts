import { CairnError, type ErrorCode } from '@shared/errors'

// Most messages from main already say what to do; these fill in for the ones that cannot.
const NEXT_STEPS: Partial<Record<ErrorCode, string>> = {
  BAD_INPUT: 'Check the value and try again.',
  SETTINGS_INVALID: 'Correct the value named above, then save again.',
  FORBIDDEN_SENDER: 'Restart Cairn and try again.',
  UNKNOWN_CHANNEL:
    'This version of Cairn looks mismatched: restart it, or reinstall if it persists.',
  INTERNAL: 'Try again; if it keeps happening, restart Cairn.'
}

export interface ShownError {
  code: ErrorCode
  /** The message written for the person reading it. */
  message: string
  nextStep: string | null
}

/** What the UI shows for any failure from a bridge call: the message, plus a next step. */
export function toShownError(error: unknown): ShownError {
  const cairn = CairnError.from(error)
  return { code: cairn.code, message: cairn.detail, nextStep: NEXT_STEPS[cairn.code] ?? null }
}
