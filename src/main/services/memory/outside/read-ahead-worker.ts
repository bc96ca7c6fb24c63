// The read-ahead of a whole-folder scan, run in a worker thread (see read-ahead.ts). Plain
// JavaScript in a string, started with `new Worker(source, { eval: true })`, for the reason given
// in jail/line-index-worker.ts: the same code runs under Vitest and in the bundled app.
//
// It opens each name inside a folder the main thread opened safely and keeps open until the
// answer arrives (`dir` is /proc/self/fd/N: worker threads share the process's descriptors), with
// the engine's own flags: no link followed, no FIFO waited on. It reads small regular files whole
// and hashes them. Anything else (a link, a FIFO, a file over `maxBytes`, one that vanished or
// grew while read, any error) is answered `false`: the main thread then takes that file the
// usual way, so the worker never has to decide what an odd file means.
// In:  { id, dir, names, flags, maxBytes }
// Out: { id, files, bytes } where files[i] is false or { size, mtimeMs, ino, hash, at } and
//      bytes is one ArrayBuffer (transferred) holding every file read, file i's `size` bytes
//      starting at `at`.

export const READ_AHEAD_WORKER_SOURCE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
const { openSync, fstatSync, readSync, closeSync } = require('node:fs')
const { createHash } = require('node:crypto')

function readOne(path, flags, maxBytes) {
  const fd = openSync(path, flags)
  try {
    const info = fstatSync(fd)
    if (!info.isFile() || info.size > maxBytes) return false
    // One byte more than the size: a file that grew since the stat is left to the main thread.
    // A read of a regular file comes back short only at its end: no second read to see the end.
    const buffer = Buffer.allocUnsafe(info.size + 1)
    let got = 0
    for (let n; got < buffer.length; got += n) {
      const want = buffer.length - got
      n = readSync(fd, buffer, got, want, got)
      if (n < want) {
        got += n
        break
      }
    }
    if (got !== info.size) return false
    const bytes = buffer.subarray(0, got)
    const hash = createHash('sha256').update(bytes).digest('hex')
    return { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, hash, bytes }
  } finally {
    closeSync(fd)
  }
}

parentPort.on('message', (job) => {
  const files = []
  const chunks = []
  let end = 0
  for (const name of job.names) {
    let read = false
    try {
      read = readOne(job.dir + '/' + name, job.flags, job.maxBytes)
    } catch {
      read = false
    }
    if (read) {
      chunks.push(read.bytes)
      files.push({ size: read.size, mtimeMs: read.mtimeMs, ino: read.ino, hash: read.hash, at: end })
      end += read.bytes.length
    } else files.push(false)
  }
  const bytes = new Uint8Array(end)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  parentPort.postMessage({ id: job.id, files, bytes: bytes.buffer }, [bytes.buffer])
})
`
