import { describe, expect, test } from 'vitest'
import { createFileGate } from '../file-gate'

const coded = (code: string) => Object.assign(new Error(code), { code })

describe('file gate', () => {
  test('runs at most `limit` reads at once', async () => {
    const gate = createFileGate({ limit: 3 })
    let open = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 40 }, () =>
        gate.run(async () => {
          open += 1
          peak = Math.max(peak, open)
          await new Promise((resolve) => setTimeout(resolve, 1))
          open -= 1
        })
      )
    )
    expect(peak).toBe(3)
  })

  test('descriptors that never come back: gives up after its attempts with the last error', async () => {
    const waits: number[] = []
    const gate = createFileGate({ limit: 4, attempts: 5, wait: async (ms) => void waits.push(ms) })
    let tries = 0
    await expect(
      gate.run(() => {
        tries += 1
        return Promise.reject(coded('EMFILE'))
      })
    ).rejects.toMatchObject({ code: 'EMFILE' })
    expect(tries).toBe(5)
    expect(waits).toEqual([10, 20, 40, 80])
  })

  test('any other error is not retried', async () => {
    const gate = createFileGate({ limit: 4, wait: () => Promise.reject(new Error('no wait')) })
    let tries = 0
    await expect(
      gate.run(() => {
        tries += 1
        return Promise.reject(coded('EACCES'))
      })
    ).rejects.toMatchObject({ code: 'EACCES' })
    expect(tries).toBe(1)
  })
})
