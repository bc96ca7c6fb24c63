import { pathToFileURL } from 'node:url'

/** Where the renderer page is loaded from: the built file, or the dev server / test server origin. */
export type RendererLocation = { kind: 'file'; path: string } | { kind: 'url'; url: string }

/** Only our own page may call main: same file (query and hash aside) or same origin. */
export function trustedUrlCheck(location: RendererLocation): (url: string) => boolean {
  if (location.kind === 'file') {
    const expected = pathToFileURL(location.path)
    // The host matters too: file://server/share/... is a different (network) file on Windows.
    return (url) => {
      const actual = safeUrl(url)
      return (
        actual !== null &&
        actual.protocol === 'file:' &&
        actual.host === expected.host &&
        actual.pathname === expected.pathname
      )
    }
  }
  const origin = new URL(location.url).origin
  // An opaque origin ('null': data:, about:blank, file:) would match every other opaque origin.
  if (origin === 'null') throw new Error(`the renderer URL needs a real origin: ${location.url}`)
  return (url) => safeUrl(url)?.origin === origin
}

function safeUrl(url: unknown): URL | null {
  if (typeof url !== 'string') return null
  try {
    return new URL(url)
  } catch {
    return null
  }
}
