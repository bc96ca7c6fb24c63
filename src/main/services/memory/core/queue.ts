/**
 * Runs tasks one at a time in arrival order. Every operation on the memory folder goes through one
 * of these, so two writers never interleave a read-modify-write.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()
  private pending = 0

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++
    const result = this.tail.then(task)
    this.tail = result
      .catch(() => undefined)
      .finally(() => {
        this.pending--
      })
    return result
  }

  get size(): number {
    return this.pending
  }

  /** Resolves once everything queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined)
  }
}
