import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * The redirect of a sign-in: a listener on 127.0.0.1 (a loopback redirect, RFC 8252), up only
 * while one sign-in waits. It takes the first `/callback` the browser brings back, checks its
 * `state`, answers the browser with a short page that says to close the tab, and closes. Nothing
 * it answers repeats what the request carried.
 */

export type LoopbackOutcome =
  | { ok: true; code: string }
  | { ok: false; reason: 'timeout' | 'cancelled' | 'wrong-state' | 'denied' | 'no-code' }
  | { ok: false; reason: 'refused'; error: string; description: string | null }

export interface LoopbackRedirect {
  redirectUrl: string
  /** Settles once: the browser came back, the time ran out, or the signal stopped it. */
  outcome: Promise<LoopbackOutcome>
}

export interface LoopbackOptions {
  state: string
  timeoutMs: number
  signal: AbortSignal
  /** The port to try first (the one the client was registered with); else any free one. */
  preferredPort?: number
}

const CALLBACK_PATH = '/callback'
const PAGE_LIMIT = 200

export async function openLoopbackRedirect(options: LoopbackOptions): Promise<LoopbackRedirect> {
  let settle: (outcome: LoopbackOutcome) => void = () => undefined
  const outcome = new Promise<LoopbackOutcome>((resolve) => (settle = resolve))
  let finished = false
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    // A browser asks for its icon and the like: not the sign-in coming back. Only the first
    // callback counts (a second one on a kept-alive connection finds the sign-in over).
    if (finished || req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404).end()
      return
    }
    const back = read(url.searchParams, options.state)
    answer(res, back.ok ? 200 : back.reason === 'wrong-state' ? 400 : 200, back.ok)
    finish(back)
  })
  const finish = (result: LoopbackOutcome): void => {
    if (finished) return
    finished = true
    clearTimeout(timer)
    options.signal.removeEventListener('abort', onAbort)
    server.close()
    // The page's own connection closes once its answer is sent; keep-alive ones go now.
    server.closeIdleConnections()
    settle(result)
  }
  const onAbort = (): void => finish({ ok: false, reason: 'cancelled' })
  const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), options.timeoutMs)
  timer.unref()
  let port: number
  try {
    port = await listen(server, options.preferredPort)
  } catch (error) {
    clearTimeout(timer)
    throw error
  }
  if (options.signal.aborted) onAbort()
  else options.signal.addEventListener('abort', onAbort, { once: true })
  return { redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`, outcome }
}

function read(params: URLSearchParams, state: string): LoopbackOutcome {
  // The state first: an answer to a sign-in Cairn did not start is refused whatever it says.
  if (params.get('state') !== state) return { ok: false, reason: 'wrong-state' }
  const error = params.get('error')
  if (error === 'access_denied') return { ok: false, reason: 'denied' }
  if (error)
    return {
      ok: false,
      reason: 'refused',
      error: error.slice(0, PAGE_LIMIT),
      description: params.get('error_description')?.slice(0, PAGE_LIMIT) ?? null
    }
  const code = params.get('code')
  return code ? { ok: true, code } : { ok: false, reason: 'no-code' }
}

function answer(res: ServerResponse, status: number, signedIn: boolean): void {
  const [title, text] = signedIn
    ? ['Signed in', 'You can close this tab and go back to Cairn.']
    : [
        'Sign-in not finished',
        'You can close this tab. Cairn says what happened and what to do next.'
      ]
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'",
    'cache-control': 'no-store',
    connection: 'close'
  })
  res.end(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title} · Cairn</title>` +
      `<body style="font-family:system-ui,sans-serif;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`
  )
}

async function listen(
  server: ReturnType<typeof createServer>,
  preferred?: number
): Promise<number> {
  const on = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  if (preferred) {
    try {
      return await on(preferred)
    } catch {
      // Taken since (another program, another sign-in): any free port does.
    }
  }
  return on(0)
}
