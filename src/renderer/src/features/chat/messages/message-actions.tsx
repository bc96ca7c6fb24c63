import { useState } from 'react'
import { Check, ChevronLeft, ChevronRight, Copy, Pencil, RefreshCw } from 'lucide-react'
import type { RowPlan } from './message-actions-plan'
import type { MessageActions } from './use-message-actions'

const NOT_REVERTED =
  'Memory changes made by earlier versions are not undone: they stay in the memory folder and its history.'

function ActionButton(props: {
  label: string
  onClick(): void
  children: React.ReactNode
  /** aria-disabled, not disabled: a focused button that becomes unusable keeps the focus. */
  disabled?: boolean
  title?: string
  shortcut?: string
}) {
  return (
    <button
      type="button"
      className="rounded-control p-1.5 text-muted hover:bg-fg/10 hover:text-fg aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
      aria-label={props.label}
      title={props.title ?? props.label}
      aria-keyshortcuts={props.shortcut}
      aria-disabled={props.disabled || undefined}
      onClick={() => {
        if (!props.disabled) props.onClick()
      }}
    >
      {props.children}
    </button>
  )
}

function VersionSwitch({
  versions,
  disabled,
  onSwitch
}: {
  versions: NonNullable<RowPlan['versions']>
  disabled: boolean
  onSwitch(version: number, prefer: string): void
}) {
  const { index, count } = versions
  return (
    <div
      role="group"
      aria-label="Versions"
      data-fork={versions.fork}
      className="flex items-center text-xs text-muted"
    >
      <ActionButton
        label="Previous version"
        disabled={disabled || index === 0}
        onClick={() => onSwitch(index - 1, 'Previous version')}
      >
        <ChevronLeft size={14} aria-hidden />
      </ActionButton>
      <span className="min-w-8 text-center tabular-nums" aria-hidden>
        {index + 1} / {count}
      </span>
      <span className="sr-only">{`Version ${index + 1} of ${count}`}</span>
      <ActionButton
        label="Next version"
        disabled={disabled || index === count - 1}
        onClick={() => onSwitch(index + 1, 'Next version')}
      >
        <ChevronRight size={14} aria-hidden />
      </ActionButton>
    </div>
  )
}

/**
 * Copy, Edit, Regenerate and the version switch under a message. Shown on hover and whenever
 * focus is inside the row (so Tab reaches them); always shown for the last answer and for
 * messages with versions.
 */
export function MessageActionBar({
  plan,
  actions,
  messageId
}: {
  plan: RowPlan
  actions: MessageActions
  messageId: string
}) {
  const [copied, setCopied] = useState(false)
  const pinned = plan.regenerable || plan.versions !== null
  const noun = plan.kind === 'user' ? 'message' : 'answer'
  return (
    <div
      className={`flex items-center gap-0.5 ${plan.kind === 'user' ? 'justify-end' : ''} ${
        pinned
          ? ''
          : 'opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100 focus-within:opacity-100'
      }`}
    >
      {plan.versions ? (
        <VersionSwitch
          versions={plan.versions}
          disabled={actions.running}
          onSwitch={(version, prefer) =>
            plan.versions &&
            actions.switchVersion(plan.versions.messageId, version, plan.versions.fork, prefer)
          }
        />
      ) : null}
      {plan.markdown ? (
        <ActionButton
          label={copied ? 'Copied' : `Copy ${noun}`}
          title={copied ? 'Copied' : `Copy ${noun} as Markdown`}
          shortcut={plan.regenerable ? 'Control+Shift+C Meta+Shift+C' : undefined}
          onClick={() =>
            void actions.copy(plan.markdown).then((ok) => {
              if (!ok) return
              setCopied(true)
              setTimeout(() => setCopied(false), 2000)
            })
          }
        >
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
        </ActionButton>
      ) : null}
      {plan.editable ? (
        <ActionButton label="Edit message" onClick={() => actions.startEdit(messageId)}>
          <Pencil size={14} aria-hidden />
        </ActionButton>
      ) : null}
      {plan.regenerable && !actions.running ? (
        <ActionButton
          label="Regenerate answer"
          title={`Regenerate answer. This one is kept as an earlier version. ${NOT_REVERTED}`}
          onClick={actions.regenerate}
        >
          <RefreshCw size={14} aria-hidden />
        </ActionButton>
      ) : null}
    </div>
  )
}

export { NOT_REVERTED }
