import { call } from './api'

/**
 * Copies through main: the window denies every permission request, and in Electron
 * navigator.clipboard.writeText needs one (clipboard-sanitized-write).
 */
export function copyText(text: string): Promise<{ copied: number }> {
  return call((api) => api.app.copyText({ text }))
}
