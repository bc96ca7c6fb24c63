// Reading an answer's body with a byte budget: a store that sends more than any true answer could
// hold is cut off at the budget, not read whole (a listed 10 bytes must not cost 20 MB).

export type Body = { ok: true; json: unknown } | { ok: false; problem: 'too-large' | 'not-json' }

export async function readJson(
  response: Response,
  budget: number,
  signal?: AbortSignal
): Promise<Body> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > budget) {
    await response.body?.cancel().catch(() => undefined)
    return { ok: false, problem: 'too-large' }
  }
  if (!response.body) return parse('')
  const reader = response.body.getReader()
  const stop = (): void => void reader.cancel(signal?.reason).catch(() => undefined)
  signal?.addEventListener('abort', stop, { once: true })
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      signal?.throwIfAborted()
      const { done, value } = await reader.read()
      signal?.throwIfAborted()
      if (done) break
      total += value.byteLength
      if (total > budget) {
        await reader.cancel().catch(() => undefined)
        return { ok: false, problem: 'too-large' }
      }
      chunks.push(value)
    }
  } finally {
    signal?.removeEventListener('abort', stop)
  }
  return parse(Buffer.concat(chunks, total).toString('utf8'))
}

/** Drops an answer's body unread (a delete's or a redaction's: sync needs only the status). */
export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined)
}

function parse(text: string): Body {
  try {
    return { ok: true, json: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, problem: 'not-json' }
  }
}
