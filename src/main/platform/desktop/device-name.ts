import { hostname } from 'node:os'

/**
 * This computer's name as a person reads it, for sync's kept copies (`notes (from Ada-laptop).md`):
 * the OS host name without a network suffix (`.local`, `.lan`, a domain). Never empty.
 */
export function deviceName(read: () => string = hostname): string {
  let name = ''
  try {
    name = read()
  } catch {
    // No host name: fall back to the words below.
  }
  const short = (name.split('.')[0] ?? '').trim().slice(0, 100)
  return short || 'this computer'
}
