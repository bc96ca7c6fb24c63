import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

/*
 * Runs a command while a busy loop keeps every core occupied (`npm run test:e2e:stress`): a spec
 * that is green only on a quiet machine is a broken spec, and this is how we find it before CI does.
 */
const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/under-load.ts <command> [args…]')
  process.exit(2)
}

const cores = availableParallelism()
const loops = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
)
console.log(`under-load: ${cores} busy loop(s) running beside \`${[command, ...args].join(' ')}\``)
const stopLoops = (): void => loops.forEach((loop) => loop.kill('SIGKILL'))

const child = spawn(command, args, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    child.kill(signal)
  })
child.on('error', (error) => {
  stopLoops()
  console.error(`under-load: could not start ${command}: ${error.message}`)
  process.exit(1)
})
child.on('exit', (code, signal) => {
  stopLoops()
  process.exit(code ?? (signal ? 1 : 0))
})
