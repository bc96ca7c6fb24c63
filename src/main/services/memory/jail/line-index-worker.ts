// The line-index scan, run in a worker thread (see line-index.ts). Kept as plain JavaScript in a
// string and started with `new Worker(source, { eval: true })`: the same code then runs under
// Vitest (TypeScript sources) and in the bundled app (one out/main/index.js), with no worker file
// to locate at run time.
//
// The worker reads through a descriptor the main thread opened safely (no link followed, anchored
// in the memory root) and keeps open until the answer arrives: worker threads share the process's
// descriptor table, and positioned reads (pread) do not move the descriptor's offset.
//
// One build at a time per worker. \`workerData.pause\` is a shared flag the main thread sets while a
// view waits for another file's build: a background build then stops between chunks until it is
// cleared, so the two do not share the CPU.
// In:  { fd, size, maxLines }
// Out: { total, starts } (starts: an ArrayBuffer of `total` float64 offsets, transferred)
//   or { error: { message, code } }

export const LINE_INDEX_WORKER_SOURCE = String.raw`
'use strict'
const { parentPort, workerData } = require('node:worker_threads')
const { readSync } = require('node:fs')
// 256 KiB: the chunk is still in the CPU cache when it is searched. With 1 to 4 MiB chunks the
// first worker of a process scanned a 500 MB file ~2.5x slower here (~260 ms against ~100 ms).
const CHUNK = 256 * 1024
let scratch = null
const pause = new Int32Array(workerData.pause)

function scan(fd, size, maxLines) {
  let starts = new Float64Array(1024)
  let total = 1 // line 1 starts at 0
  if (size > 0 && (scratch === null || scratch.length < Math.min(CHUNK, size))) {
    scratch = Buffer.allocUnsafe(Math.min(CHUNK, size))
  }
  for (let at = 0; at < size && total <= maxLines; ) {
    while (Atomics.load(pause, 0) === 1) Atomics.wait(pause, 0, 1)
    const got = readSync(fd, scratch, 0, Math.min(scratch.length, size - at), at)
    if (got === 0) break
    const chunk = got === scratch.length ? scratch : scratch.subarray(0, got)
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      if (total === starts.length) {
        const grown = new Float64Array(starts.length * 2)
        grown.set(starts)
        starts = grown
      }
      starts[total++] = at + i + 1
      if (total > maxLines) break
    }
    at += got
  }
  return starts.slice(0, total)
}

parentPort.on('message', (job) => {
  try {
    const starts = scan(job.fd, job.size, job.maxLines)
    parentPort.postMessage({ total: starts.length, starts: starts.buffer }, [starts.buffer])
  } catch (error) {
    const message = error && error.message ? String(error.message) : String(error)
    const code = error && typeof error.code === 'string' ? error.code : undefined
    parentPort.postMessage({ error: { message, code } })
  }
})
`
