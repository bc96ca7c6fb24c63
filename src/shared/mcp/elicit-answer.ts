import type { ElicitContent, ElicitField } from './elicitation'

/*
 * Whether an answer fits the form a server asked: the page checks it before it sends (each field
 * says what is wrong) and main checks it again before the server gets it. One function, so the
 * two can never disagree.
 */

export interface ElicitProblem {
  /** The field's name (its key in the answer). */
  field: string
  /** What is wrong and what to do, starting with the field's title. */
  message: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i

/** Every problem of an answer, in the form's order (empty: the answer fits). */
export function checkElicitAnswer(fields: ElicitField[], content: ElicitContent): ElicitProblem[] {
  const problems: ElicitProblem[] = []
  const known = new Set(fields.map((f) => f.name))
  for (const field of fields) {
    const value = content[field.name]
    const message = value === undefined ? missing(field) : wrong(field, value)
    if (message) problems.push({ field: field.name, message: `${field.title}: ${message}` })
  }
  for (const name of Object.keys(content))
    if (!known.has(name))
      problems.push({ field: name, message: `${name} is not a field of this form.` })
  return problems
}

function missing(field: ElicitField): string | null {
  if (!field.required) return null
  if (field.kind === 'choice') return 'this field is required; choose one of the options.'
  if (field.kind === 'choices') return 'this field is required; choose at least one option.'
  return 'this field is required; fill it in.'
}

function wrong(field: ElicitField, value: unknown): string | null {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? wrongText(field, value) : 'enter text.'
    case 'number':
      return typeof value === 'number' ? wrongNumber(field, value) : 'enter a number.'
    case 'boolean':
      return typeof value === 'boolean' ? null : 'answer yes or no.'
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? null
        : 'choose one of the options.'
    case 'choices':
      return wrongChoices(field, value)
  }
}

function wrongText(field: Extract<ElicitField, { kind: 'text' }>, value: string): string | null {
  if (value === '') return missing(field)
  const length = [...value].length
  if (field.minLength !== undefined && length < field.minLength)
    return `enter at least ${count(field.minLength, 'character')}.`
  if (field.maxLength !== undefined && length > field.maxLength)
    return `enter at most ${count(field.maxLength, 'character')}.`
  switch (field.format) {
    case 'email':
      return EMAIL.test(value) ? null : 'enter an email address, such as name@example.com.'
    case 'uri':
      return isAddress(value) ? null : 'enter a full address, such as https://example.com.'
    case 'date':
      return isDate(value) ? null : 'enter a date as YYYY-MM-DD.'
    case 'date-time':
      return DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
        ? null
        : 'enter a date and time.'
    default:
      return null
  }
}

function wrongNumber(
  field: Extract<ElicitField, { kind: 'number' }>,
  value: number
): string | null {
  if (!Number.isFinite(value)) return 'enter a number.'
  if (field.integer && !Number.isInteger(value)) return 'enter a whole number.'
  const { minimum: min, maximum: max } = field
  if ((min !== undefined && value < min) || (max !== undefined && value > max))
    return min !== undefined && max !== undefined
      ? `enter a number from ${min} to ${max}.`
      : min !== undefined
        ? `enter ${min} or more.`
        : `enter ${max} or less.`
  return null
}

function wrongChoices(field: Extract<ElicitField, { kind: 'choices' }>, value: unknown) {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    return 'choose from the options.'
  const picked = value as string[]
  if (picked.length === 0 && field.required && !field.minItems) return missing(field)
  if (new Set(picked).size !== picked.length) return 'choose each option at most once.'
  if (picked.some((v) => !field.options.some((o) => o.value === v)))
    return 'choose only from the options shown.'
  if (field.minItems !== undefined && picked.length < field.minItems)
    return `choose at least ${count(field.minItems, 'option')}.`
  if (field.maxItems !== undefined && picked.length > field.maxItems)
    return `choose at most ${count(field.maxItems, 'option')}.`
  return null
}

function isAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) && !/\s/.test(value)
  } catch {
    return false
  }
}

function isDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function count(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`
}
