import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { defaultErrorMessage, errorTypeFor, type ErrorReply } from './script'

// The fake server's plumbing: JSON and error answers as the API shapes them, bodies, waits.

export function requestId(): string {
  return `req_${randomBytes(12).toString('hex')}`
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': requestId(),
    ...headers
  })
  res.end(text)
}

export function sendError(res: ServerResponse, error: ErrorReply): void {
  if (error.dropConnection) {
    res.socket?.destroy()
    return
  }
  const type = error.type ?? errorTypeFor(error.status)
  sendJson(
    res,
    error.status,
    {
      type: 'error',
      error: { type, message: error.message ?? defaultErrorMessage(error.status) },
      request_id: requestId()
    },
    { 'x-should-retry': String(error.status === 429 || error.status >= 500), ...error.headers }
  )
}

/** The request's bytes as sent (a multipart upload is binary). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (chunk: Buffer) => parts.push(chunk))
    req.on('end', () => resolve(Buffer.concat(parts)))
    req.on('error', reject)
  })
}

export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

export function closedPromise(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) resolve()
    else res.on('close', () => resolve())
  })
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
