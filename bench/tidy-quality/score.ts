import { z } from 'zod'

// The question set and its scoring for `npm run bench:tidy-quality`: Claude answers every
// question from the folder's files, one numbered line each, and an answer counts when it holds
// the expected text (case-insensitive) and not the outdated value a tidy should have let go of.

export const QuestionSchema = z.strictObject({
  question: z.string().min(1),
  /** Text the answer must hold, compared case-insensitively. */
  answer: z.string().min(1),
  /** An older value (an old address): an answer holding it does not count. */
  outdated: z.string().min(1).optional()
})
export type Question = z.infer<typeof QuestionSchema>

export const QuestionSetSchema = z.strictObject({
  about: z.string(),
  questions: z.array(QuestionSchema).min(1)
})

export function parseQuestionSet(json: unknown): Question[] {
  return QuestionSetSchema.parse(json).questions
}

const holds = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase())

export function isAnswered(question: Question, answer: string | undefined): boolean {
  if (!answer) return false
  if (!holds(answer, question.answer)) return false
  return !(question.outdated && holds(answer, question.outdated))
}

/** The prompt: the folder's files (as the tidy counts them), then the numbered questions. */
export function questionPrompt(folder: string, questions: readonly Question[]): string {
  return [
    'Here is my memory folder:',
    folder,
    '',
    'Answer each question below from these files only, with the current value (not its history).',
    'Write one line per question, "N. answer", in order, and "N. unknown" when the files do not say.',
    '',
    ...questions.map((q, i) => `${i + 1}. ${q.question}`)
  ].join('\n')
}

/** Answers by question number (1-based) from lines such as "3. 5 Wharf Street". */
export function parseAnswers(text: string): Map<number, string> {
  const answers = new Map<number, string>()
  for (const line of text.split('\n')) {
    const match = /^\s*(?:\*\*)?(\d+)[.)](?:\*\*)?\s*(.*)$/.exec(line)
    if (!match) continue
    const n = Number(match[1])
    if (!answers.has(n)) answers.set(n, (match[2] ?? '').trim())
  }
  return answers
}

export interface Score {
  answered: boolean[]
  /** answered / questions, 0..1. */
  share: number
}

export function scoreAnswers(questions: readonly Question[], answers: Map<number, string>): Score {
  const answered = questions.map((q, i) => isAnswered(q, answers.get(i + 1)))
  return { answered, share: answered.filter(Boolean).length / questions.length }
}
