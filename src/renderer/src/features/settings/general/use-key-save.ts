import { useRef, useState, type RefObject } from 'react'
import { keyShapeProblem } from '@shared/models/api-key-shape'
import type { KeyTestResult } from '@shared/chat/models'
import { SetApiKeyInputSchema } from '@shared/app/app-channels'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import type { KeyStatusState } from './use-key-status'

export type Pending = 'check' | 'save' | 'session' | 'clear' | null

/** Why the key was not saved, and what the callout offers next. */
export interface Problem {
  title: string
  message: string
  nextStep: string | null
  /** The key itself is wrong (format, or Anthropic refused it): the input is marked invalid. */
  badKey?: boolean
  offer?: 'session' | 'unchecked'
}

const NOT_SAVED = 'The key was not saved'

function testProblem(result: KeyTestResult): Problem {
  if (result.code === 'auth')
    return { title: NOT_SAVED, message: result.message, nextStep: null, badKey: true }
  return {
    title: 'The key could not be checked',
    message: result.message,
    nextStep: 'You can save it without checking; a wrong key then fails at the first message.',
    offer: 'unchecked'
  }
}

/** The key as typed, or why it cannot be a key (nothing is sent for those). */
function readKey(value: string): { apiKey: string } | { problem: Problem } {
  const parsed = SetApiKeyInputSchema.safeParse({ apiKey: value })
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? 'the API key is not valid'
    return {
      problem: {
        title: NOT_SAVED,
        message: `${first.charAt(0).toUpperCase()}${first.slice(1)}.`,
        nextStep: 'Paste the whole key as the Anthropic Console shows it (it starts with sk-ant-).',
        badKey: true
      }
    }
  }
  const shape = keyShapeProblem(parsed.data.apiKey)
  if (shape) return { problem: { title: NOT_SAVED, ...shape, badKey: true } }
  return { apiKey: parsed.data.apiKey }
}

/** One cheap authenticated call; a failure to ask is a result too (the user may save anyway). */
function testKey(apiKey: string): Promise<KeyTestResult> {
  return call((api) => api.secrets.test({ apiKey })).catch((failure: unknown): KeyTestResult => ({
    ok: false,
    code: 'api-error',
    message: toShownError(failure).message
  }))
}

/**
 * Saving and removing the key. The key itself is never held in React state: it lives only in
 * the masked input (read through the ref when sending) and is wiped from there once main has it.
 */
export function useKeySave(
  input: RefObject<HTMLInputElement | null>,
  problemId: string,
  key: KeyStatusState
) {
  const [pending, setPending] = useState<Pending>(null)
  const [error, setError] = useState<Problem | null>(null)
  const [hasInput, setHasInput] = useState(false)
  /** The key Anthropic accepted in the last check (a ref: never rendered, dropped once saved). */
  const checked = useRef<string | null>(null)

  /** A wrong key stays in the field, selected, to be corrected or replaced. */
  function refuse(problem: Problem): void {
    setError(problem)
    input.current?.focus()
    if (problem.badKey) input.current?.select()
    // The reason shows below the field: bring it into view too.
    requestAnimationFrame(() =>
      document.getElementById(problemId)?.scrollIntoView({ block: 'nearest' })
    )
  }

  async function store(field: HTMLInputElement, apiKey: string, sessionOnly: boolean) {
    setPending(sessionOnly ? 'session' : 'save')
    try {
      const next = await call((api) =>
        api.secrets.setApiKey(sessionOnly ? { apiKey, sessionOnly: true } : { apiKey })
      )
      field.value = ''
      checked.current = null
      setHasInput(false)
      key.setStatus(next)
      setError(null)
    } catch (failure) {
      const shown = toShownError(failure)
      const noKeychain = shown.code === 'KEYCHAIN_UNAVAILABLE'
      setError({
        title: noKeychain ? 'The system keychain is not available' : NOT_SAVED,
        message: shown.message,
        nextStep: shown.nextStep,
        ...(noKeychain ? { offer: 'session' as const } : {})
      })
      key.refresh()
    } finally {
      setPending(null)
    }
  }

  /**
   * Checks the key, then saves it: its shape first (nothing is sent), then one cheap authenticated
   * call (a page of the model list) against the API Cairn will chat with. Only a key Anthropic
   * accepted is saved, unless it could not be asked and the user chose to save anyway.
   */
  async function send(sessionOnly: boolean, unchecked = false): Promise<void> {
    const field = input.current
    if (!field || pending) return
    const read = readKey(field.value)
    if ('problem' in read) return refuse(read.problem)
    const { apiKey } = read
    key.changing()
    if (unchecked) checked.current = apiKey // the user chose to save it as it is
    if (checked.current !== apiKey) {
      setPending('check')
      const result = await testKey(apiKey)
      if (!result.ok) {
        setPending(null)
        return refuse(testProblem(result))
      }
      checked.current = apiKey
    }
    await store(field, apiKey, sessionOnly)
  }

  async function clear(): Promise<void> {
    setPending('clear')
    key.changing()
    try {
      key.setStatus(await call((api) => api.secrets.clearApiKey()))
      setError(null)
    } catch (failure) {
      const shown = toShownError(failure)
      setError({
        title: 'The key was not removed',
        message: shown.message,
        nextStep: shown.nextStep
      })
      key.refresh()
    } finally {
      setPending(null)
    }
  }

  return { pending, error, dismiss: () => setError(null), hasInput, setHasInput, send, clear }
}
export type KeySave = ReturnType<typeof useKeySave>
