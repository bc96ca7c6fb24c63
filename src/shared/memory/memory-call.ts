// How a memory command is shown while it runs: its name and its path.

export function describeTool(input: Record<string, unknown>): {
  command: string
  path: string | null
} {
  const command = typeof input.command === 'string' ? input.command.slice(0, 40) : 'unknown'
  const str = (value: unknown): string | null =>
    typeof value === 'string' ? value.slice(0, 500) : null
  if (command === 'rename') {
    const from = str(input.old_path)
    const to = str(input.new_path)
    return { command, path: from || to ? `${from ?? '?'} → ${to ?? '?'}` : null }
  }
  return { command, path: str(input.path) }
}
