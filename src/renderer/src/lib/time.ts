const DAY = 86_400_000

/** "3 min ago", "yesterday", "12 days ago": short, because the exact time is in the title. */
export function formatAgo(epochMs: number, now = Date.now()): string {
  const seconds = Math.round((now - epochMs) / 1000)
  if (seconds < 45) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  return days === 1 ? 'yesterday' : `${days} days ago`
}

/** Whole days until a moment, never negative ("expires in 0 days" means at the next sweep). */
export function daysUntil(epochMs: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((epochMs - now) / DAY))
}

export function formatDateTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString()
}
