// A tool result in one line, for its chip while the call runs and for an export.

const SUMMARY_CHARS = 160

export function summarize(content: string): string {
  const line = content.split('\n', 1)[0]?.trim() ?? ''
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line
}
