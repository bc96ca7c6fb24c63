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
// In:  { id, dir, names, flags, maxBytes }, `names` joined with '/' (no name holds one): one
//      string to copy, not 250.
// Out: { id, meta, hashes, bytes }, flat so that a batch crosses as three values, not 250
//      objects built on one side and again on the other: `meta` (a Float64Array's buffer,
//      transferred) holds four numbers a file, size, mtimeMs, ino and `at`, with size -1 for a
//      file not read; `hashes` is the hex sha256 of each file, 64 characters a file (blanks for
//      one not read); `bytes` (an ArrayBuffer, transferred) holds every file read, file i's `size` bytes
//      starting at `at`.

export const READ_AHEAD_WORKER_SOURCE = String.raw`
'use strict'
const { parentPort } = require('node:worker_threads')
const { openSync, fstatSync, readSync, closeSync } = require('node:fs')
// One-shot: no Hash object (with its native handle for the GC to finalise) per file.
const { hash: sha256 } = require('node:crypto')

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
    return { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, bytes }
  } finally {
    closeSync(fd)
  }
}

const NOT_READ = ' '.repeat(64)

parentPort.on('message', (job) => {
  const names = job.names.split('/')
  const meta = new Float64Array(names.length * 4)
  const hashes = []
  const chunks = []
  let end = 0
  names.forEach((name, i) => {
    let read = false
    try {
      read = readOne(job.dir + '/' + name, job.flags, job.maxBytes)
    } catch {
      read = false
    }
    if (!read) {
      meta[i * 4] = -1
      hashes.push(NOT_READ)
      return
    }
    chunks.push(read.bytes)
    hashes.push(sha256('sha256', read.bytes, 'hex'))
    meta.set([read.size, read.mtimeMs, read.ino, end], i * 4)
    end += read.bytes.length
  })
  const bytes = new Uint8Array(end)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  parentPort.postMessage(
    { id: job.id, meta: meta.buffer, hashes: hashes.join(''), bytes: bytes.buffer },
    [meta.buffer, bytes.buffer]
  )
})
`
