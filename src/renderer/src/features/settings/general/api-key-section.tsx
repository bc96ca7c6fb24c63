import { useEffect, useId, useRef } from 'react'
import type { SecretStatus } from '@shared/contract'
import { KeyHelp } from '../../welcome/key-help'
import { KeyForm, KeyProblem, KeyStatusRow } from './api-key-parts'
import { useKeySave } from './use-key-save'
import { useKeyStatus } from './use-key-status'

/*
 * The key itself is never held in React state or shown back: it lives only in the masked input
 * (read through a ref when sending) and is wiped from there once main has it.
 */
export function ApiKeySection({
  active = true,
  autoFocus = false,
  focusSignal = 0,
  onStatus
}: {
  /** Read the status again each time the section comes on screen: the key may be set elsewhere. */
  active?: boolean
  /** The key field takes the focus when shown (the welcome card: the first thing to do). */
  autoFocus?: boolean
  /** Bumped to bring the key field into view with the focus (a 401 in the chat leads here). */
  focusSignal?: number
  onStatus?(status: SecretStatus): void
} = {}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const inputId = useId()
  const problemId = useId()
  const key = useKeyStatus(active, onStatus)
  const save = useKeySave(inputRef, problemId, key)
  useEffect(() => {
    if (focusSignal === 0) return
    inputRef.current?.focus()
    inputRef.current?.scrollIntoView({ block: 'center' })
  }, [focusSignal])

  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card__header">
        <h2 id={headingId}>API key</h2>
        <p className="card__description">
          Cairn uses your Anthropic API key to talk to Claude. It is kept in your system keychain
          (or only in memory, if you choose), never in a file, and is never shown again.
        </p>
        <KeyHelp />
      </header>
      <KeyStatusRow state={key} save={save} />
      <KeyForm
        inputRef={inputRef}
        inputId={inputId}
        problemId={problemId}
        autoFocus={autoFocus}
        configured={key.status?.configured === true}
        save={save}
      />
      <KeyProblem problemId={problemId} save={save} />
    </section>
  )
}
