// One fdatasync of the pack for the versions of one command. A version read (still on disk in the
// memory folder, like the text an edit is about to replace) may wait for the next sync anyone asks
// for: a first edit's before and after versions then share one fdatasync instead of one each.
// Nothing waits on a lazy record for long: the command's own write asks for a sync, and the blob
// store's `settle` (before any entry names a version) makes everything appended durable at once.

interface Waiter {
  seq: number
  resolve: () => void
  reject: (error: unknown) => void
}

export class GroupSync {
  private appended = 0
  private synced = 0
  private chain: Promise<void> = Promise.resolve()
  private readonly waiters: Waiter[] = []

  constructor(private readonly syncNow: () => Promise<void>) {}

  /** Counts a record appended to the pack; answers its number. */
  appendedOne(): number {
    return ++this.appended
  }

  /** Makes every record appended so far durable: one fdatasync, shared with those asking meanwhile. */
  flush(): Promise<void> {
    const target = this.appended
    const run = this.chain.then(async () => {
      if (this.synced >= target) return
      const upTo = this.appended
      try {
        await this.syncNow()
      } catch (error) {
        this.settleWaiters(upTo, error)
        throw error
      }
      this.synced = Math.max(this.synced, upTo)
      this.settleWaiters(this.synced)
    })
    this.chain = run.catch(() => undefined)
    return run
  }

  /** Resolves once record `seq` is durable: `lazy`, at the next flush anyone asks for. */
  durable(seq: number, lazy: boolean): Promise<void> {
    if (this.synced >= seq) return Promise.resolve()
    if (!lazy) return this.flush()
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }))
  }

  private settleWaiters(upTo: number, error?: unknown): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i] as Waiter
      if (waiter.seq > upTo) continue
      this.waiters.splice(i, 1)
      if (error === undefined) waiter.resolve()
      else waiter.reject(error)
    }
  }
}
