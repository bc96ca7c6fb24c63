import { z } from 'zod'
import { parseMemoryPath } from '../jail/paths'

// The command object comes from the model: its shape is checked here, its paths in paths.ts.

const int = z.number().int()
const Path = z.string()

export const CommandSchemas = {
  view: z.object({
    command: z.literal('view'),
    path: Path,
    view_range: z.tuple([int, int]).nullish()
  }),
  create: z.object({ command: z.literal('create'), path: Path, file_text: z.string() }),
  str_replace: z.object({
    command: z.literal('str_replace'),
    path: Path,
    old_str: z.string(),
    new_str: z.string()
  }),
  insert: z.object({
    command: z.literal('insert'),
    path: Path,
    insert_line: int,
    insert_text: z.string()
  }),
  delete: z.object({ command: z.literal('delete'), path: Path }),
  rename: z.object({ command: z.literal('rename'), old_path: Path, new_path: Path })
} as const

export type CommandName = keyof typeof CommandSchemas
export type Command = { [K in CommandName]: z.infer<(typeof CommandSchemas)[K]> }[CommandName]
export type CommandOf<K extends CommandName> = z.infer<(typeof CommandSchemas)[K]>

export const COMMAND_NAMES = Object.keys(CommandSchemas) as CommandName[]
export const MUTATING: ReadonlySet<CommandName> = new Set([
  'create',
  'str_replace',
  'insert',
  'delete',
  'rename'
])

const EXPECTED: Record<string, string> = {
  view_range: 'an array of two whole numbers [start, end] (end -1 means the last line)',
  insert_line: 'a whole number (0 inserts before the first line)'
}

export type Parsed = { ok: true; command: Command } | { ok: false; message: string }

export function parseCommand(input: unknown): Parsed {
  try {
    return parseUnsafe(input)
  } catch {
    // Getters or proxies that throw: nothing a model can send as JSON, but never a crash.
    return fail('it could not be read as a JSON object')
  }
}

function parseUnsafe(input: unknown): Parsed {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail(
      `the input must be an object with a \`command\` field (one of ${list()}), got ${kindOf(input)}`
    )
  }
  const record = input as Record<string, unknown>
  const name = record.command
  if (!Object.hasOwn(record, 'command') || name === undefined) {
    return fail(`the input has no \`command\` field; use one of ${list()}`)
  }
  if (typeof name !== 'string' || !Object.hasOwn(CommandSchemas, name)) {
    const shownName =
      typeof name === 'string'
        ? `"${JSON.stringify(name).slice(1, -1).slice(0, 60)}"`
        : kindOf(name)
    return fail(`unknown command ${shownName}; use one of ${list()}`)
  }
  const schema = CommandSchemas[name as CommandName]
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, command: result.data as Command }
  const problems = result.error.issues.slice(0, 3).map((issue) => {
    const field = String(issue.path[0] ?? 'input')
    if (!Object.hasOwn(record, field) || record[field] === undefined) {
      return `\`${field}\` is missing (${expected(field, schema)})`
    }
    return `\`${field}\` must be ${expected(field, schema)}, got ${kindOf(record[field])}`
  })
  return fail(`invalid \`${name}\` command: ${[...new Set(problems)].join('; ')}`)
}

function expected(field: string, schema: z.ZodObject): string {
  if (EXPECTED[field]) return EXPECTED[field]
  if (field === 'new_str') return 'a string; use "" to delete the text'
  return field in schema.shape ? 'a string' : 'valid'
}

function fail(problem: string): Parsed {
  return { ok: false, message: `Error: Invalid memory tool input: ${problem}.` }
}

function list(): string {
  return COMMAND_NAMES.join(', ')
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'number')
    return Number.isInteger(value) ? `the number ${value}` : `the number ${String(value)}`
  if (typeof value === 'string') return 'a string'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** The verb for "Could not … {path}" messages. */
export function verbOf(command: Command): string {
  return command.command === 'str_replace' || command.command === 'insert'
    ? 'edit'
    : command.command
}

/** The valid `/memories/...` paths a command names (refused ones left out). */
export function pathsOf(command: Command): string[] {
  const raws = command.command === 'rename' ? [command.old_path, command.new_path] : [command.path]
  return raws.flatMap((raw) => {
    const parsed = parseMemoryPath(raw)
    return parsed.ok ? [parsed.path.display] : []
  })
}
