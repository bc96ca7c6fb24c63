import { BrainCircuit } from 'lucide-react'

/** Which model wrote an answer (chats can change model between answers). */
export function AnswerModel({ model }: { model: string }) {
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-faint">
      <BrainCircuit size={12} aria-hidden />
      <span>
        <span className="sr-only">Answered by </span>
        {model}
      </span>
    </p>
  )
}
