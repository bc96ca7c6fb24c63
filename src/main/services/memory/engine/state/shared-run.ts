// One run of a long read at a time: a second request while one runs shares it (the secret scan).

export class SharedRun<T> {
  private running: Promise<T> | undefined

  run(start: () => Promise<T>): Promise<T> {
    this.running ??= start().finally(() => {
      this.running = undefined
    })
    return this.running
  }
}
