import { FileWarning } from 'lucide-react'
import type { DamagedConversation } from '@shared/chat/damaged'
import { Spinner } from '../../../../components/icons'
import type { DamagedOutcome } from './use-damaged'

interface Props {
  damaged: DamagedConversation[]
  /** The file an action is running on. */
  busy: string | null
  outcome: DamagedOutcome | null
  onRecover(file: string): void
  onDismiss(file: string): void
  onOpenFolder(): void
}

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Above the conversation list: the chats whose files could not be read, what was kept of each
 * (the file beside the others), and what the user can do (recover up to the damage, look at the
 * folder, or dismiss; the file stays either way).
 */
export function DamagedNotice({ damaged, busy, outcome, ...on }: Props) {
  if (damaged.length === 0) return null
  const count = damaged.length
  return (
    <section
      aria-labelledby="damaged-chats-title"
      className="mx-3 mb-2 flex flex-col gap-2 rounded-control border border-warning-line bg-warning-soft p-2.5 text-sm"
    >
      <h2 id="damaged-chats-title" className="flex items-center gap-1.5 font-semibold">
        <FileWarning size={15} aria-hidden className="shrink-0 text-warning" />
        {count === 1 ? '1 chat could not be read' : `${count} chats could not be read`}
      </h2>
      <ul className="flex flex-col gap-3">
        {damaged.map((d) => {
          const name = d.title ? `“${d.title}”` : 'A chat'
          const working = busy === d.file
          return (
            <li key={d.file} className="flex flex-col gap-1.5">
              <p>
                {name} was kept as{' '}
                <code className="my-0.5 block rounded bg-fg/5 px-1 py-0.5 text-xs break-all">
                  {d.file}
                </code>{' '}
                beside the others. {sentence(d.reason)}.
              </p>
              <p className="text-muted">
                {d.recovered
                  ? `Recovered ${messages(d.recovered.messages)} as “${d.recovered.title}”. The damaged file stays until you dismiss this.`
                  : d.messages > 0
                    ? `${sentence(messages(d.messages))} before the damage can be recovered as a new chat.`
                    : 'No whole message comes before the damage.'}
              </p>
              <div className="flex flex-wrap gap-1.5">
                {!d.recovered && d.messages > 0 ? (
                  <button
                    type="button"
                    className="button button--primary px-2.5 py-1 text-sm"
                    aria-label={`Recover ${messages(d.messages)} of ${name}`}
                    disabled={busy !== null}
                    aria-busy={working || undefined}
                    onClick={() => on.onRecover(d.file)}
                  >
                    {working ? <Spinner /> : null}
                    Recover {messages(d.messages)}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button px-2.5 py-1 text-sm"
                  onClick={on.onOpenFolder}
                >
                  Open folder
                </button>
                <button
                  type="button"
                  className="button button--quiet px-2.5 py-1 text-sm"
                  aria-label={`Dismiss the notice about ${name} (the file stays)`}
                  disabled={busy !== null}
                  onClick={() => on.onDismiss(d.file)}
                >
                  Dismiss
                </button>
              </div>
            </li>
          )
        })}
      </ul>
      <p
        role="status"
        className={
          // A recovery is said in its item already: heard here, not shown twice.
          outcome?.kind === 'recovered'
            ? 'sr-only'
            : `empty:-mt-2 ${outcome?.kind === 'failed' ? 'text-danger' : 'text-muted'}`
        }
      >
        {outcome?.kind === 'opened'
          ? 'Opened the conversations folder in your file manager.'
          : outcome?.kind === 'failed'
            ? `${outcome.error.message}${outcome.error.nextStep ? ` ${outcome.error.nextStep}` : ''}`
            : outcome?.kind === 'recovered'
              ? `Recovered ${messages(outcome.messages)} as “${outcome.title}”.`
              : ''}
      </p>
    </section>
  )
}
