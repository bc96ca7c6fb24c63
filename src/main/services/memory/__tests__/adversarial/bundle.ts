import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { bundleForNode } from '../../../../../../bench/bundle'
import { makeSandbox, removeSandbox, type Sandbox } from './helpers'

export { bundleForNode }

/**
 * Bundles a fixture once for the tests of this file (into its own sandbox, removed afterwards);
 * the returned function gives the script's path once `beforeAll` has run.
 */
export function useBundledFixture(entry: string, prefix: string): () => string {
  let sandbox: Sandbox | undefined
  let script = ''
  beforeAll(async () => {
    sandbox = await makeSandbox(prefix)
    const name = `${prefix.replace(/-+$/, '')}.mjs`
    script = await bundleForNode(entry, join(sandbox.base, 'bundle'), name)
  }, 60_000)
  afterAll(async () => {
    if (sandbox) await removeSandbox(sandbox)
  })
  return () => script
}
