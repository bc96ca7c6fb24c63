import { BrainCircuit } from 'lucide-react'
import { useModelInfo } from '../use-model-info'

/** Which model wrote an answer (chats can change model between answers), by its name. */
export function AnswerModel({ model }: { model: string }) {
  const name = useModelInfo(model)?.displayName ?? model
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-faint" title={model}>
      <BrainCircuit size={12} aria-hidden />
      <span>
        <span className="sr-only">Answered by </span>
        {name}
      </span>
    </p>
  )
}
