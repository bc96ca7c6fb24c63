import { DiffView } from '../../../components/diff-view'
import { ChangeView } from '../../memory/history/change-view'
import { fileName } from '../../memory/change-words'
import type { ChipData } from './chip-data'
import { secretRefusalDetails } from './secret-chip'

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

function ResultText({ text }: { text: string }) {
  return (
    <pre className="max-h-60 overflow-auto rounded-control border border-line bg-sunken p-2 font-mono text-xs whitespace-pre-wrap">
      {text || '(no output)'}
    </pre>
  )
}

/** Without history (an older conversation): the change as Claude asked for it. */
function FromInput({ chip, label }: { chip: ChipData; label: string }) {
  const input = chip.input ?? {}
  switch (chip.command) {
    case 'create':
      return <DiffView before="" after={str(input.file_text)} label={label} className="max-h-72" />
    case 'str_replace':
      return (
        <DiffView
          before={str(input.old_str)}
          after={str(input.new_str)}
          label={label}
          className="max-h-72"
        />
      )
    case 'insert':
      return (
        <DiffView before="" after={str(input.insert_text)} label={label} className="max-h-72" />
      )
    case 'rename':
      return <p className="text-xs text-muted">Moved; the text is unchanged.</p>
    default:
      return <ResultText text={chip.result} />
  }
}

/** What a chip expands to: the saved text, the diff, what was deleted; else the tool's answer. */
export function ChipChange({ chip }: { chip: ChipData }) {
  const refusal = chip.status === 'error' ? secretRefusalDetails(chip.result) : null
  if (refusal) return <p className="text-xs text-fg">{refusal}</p>
  if (chip.status !== 'done' || chip.command === 'view') return <ResultText text={chip.result} />
  const change = chip.memory?.versions[0]
  const label = `What changed in ${fileName(change?.path ?? chip.path ?? '')}`
  if (change)
    return (
      <div className="max-h-80 overflow-auto">
        <ChangeView change={change} label={label} />
      </div>
    )
  return <FromInput chip={chip} label={label} />
}
