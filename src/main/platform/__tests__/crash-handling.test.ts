import { describe, expect, it, vi } from 'vitest'
import { FakeEmitter, FakeWebContents } from '../../__tests__/electron-mock'
import { captureLogger } from '../../services/__tests__/helpers'
import { installCrashHandlers, watchRenderer, type CrashDialogs } from '../crash-handling'

function fakeProcess() {
  const emitter = new FakeEmitter()
  return Object.assign(emitter, {
    off: (event: string, listener: (...args: never[]) => unknown) =>
      emitter.removeListener(event, listener)
  })
}

function dialogs(reload = true) {
  return {
    showError: vi.fn((_title: string, _message: string) => undefined),
    askReload: vi.fn((_message: string) => Promise.resolve(reload))
  } satisfies CrashDialogs
}

describe('installCrashHandlers', () => {
  it('logs an uncaught exception and shows it instead of exiting', () => {
    const target = fakeProcess()
    const { logger, lines } = captureLogger()
    const shown = dialogs()
    installCrashHandlers(target as never, { logger, dialogs: shown })
    target.emit('uncaughtException', new Error('boom'))
    expect(lines.join('\n')).toContain('uncaught exception in main')
    expect(lines.join('\n')).toContain('boom')
    expect(shown.showError).toHaveBeenCalledTimes(1)
    expect(shown.showError.mock.calls[0]?.[1]).toContain('boom')
  })

  it('logs and shows an unhandled rejection, even of a non-Error', () => {
    const target = fakeProcess()
    const { logger, lines } = captureLogger()
    const shown = dialogs()
    installCrashHandlers(target as never, { logger, dialogs: shown })
    target.emit('unhandledRejection', 'plain reason')
    expect(lines.join('\n')).toContain('unhandled promise rejection in main')
    expect(shown.showError.mock.calls[0]?.[1]).toContain('plain reason')
  })

  it('shows at most one dialog per quiet period but logs every error', () => {
    const target = fakeProcess()
    const { logger, lines } = captureLogger()
    const shown = dialogs()
    let now = 0
    installCrashHandlers(target as never, { logger, dialogs: shown, quietMs: 1000, now: () => now })
    for (let i = 0; i < 5; i++) target.emit('uncaughtException', new Error(`e${i}`))
    expect(shown.showError).toHaveBeenCalledTimes(1)
    expect(lines).toHaveLength(5)
    now = 1500
    target.emit('uncaughtException', new Error('later'))
    expect(shown.showError).toHaveBeenCalledTimes(2)
  })

  it('keeps going when the dialog or the logger throws', () => {
    const target = fakeProcess()
    const throwing = {
      debug: vi.fn(),
      info: vi.fn(),
      warn: vi.fn(),
      error: vi.fn(() => {
        throw new Error('disk full')
      }),
      redact: vi.fn()
    }
    const shown = dialogs()
    shown.showError.mockImplementation(() => {
      throw new Error('no display')
    })
    installCrashHandlers(target as never, { logger: throwing, dialogs: shown })
    expect(() => target.emit('uncaughtException', new Error('x'))).not.toThrow()
  })

  it('replaces an earlier set instead of stacking, and uninstalls cleanly', () => {
    const target = fakeProcess()
    const { logger } = captureLogger()
    installCrashHandlers(target as never, { logger, dialogs: dialogs() })
    const remove = installCrashHandlers(target as never, { logger, dialogs: dialogs() })
    expect(target.listenerCount('uncaughtException')).toBe(1)
    expect(target.listenerCount('unhandledRejection')).toBe(1)
    remove()
    expect(target.listenerCount('uncaughtException')).toBe(0)
    expect(target.listenerCount('unhandledRejection')).toBe(0)
  })
})

describe('watchRenderer', () => {
  it('offers a reload after a crash and reloads when the user agrees', async () => {
    const contents = new FakeWebContents()
    const { logger, lines } = captureLogger()
    const shown = dialogs(true)
    watchRenderer(contents as never, { logger, dialogs: shown })
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    await vi.waitFor(() => expect(contents.reloads).toBe(1))
    expect(shown.askReload.mock.calls[0]?.[0]).toContain('crashed')
    expect(lines.join('\n')).toContain('renderer process gone')
  })

  it('does not reload when the user declines, or after a clean exit', async () => {
    const contents = new FakeWebContents()
    const { logger } = captureLogger()
    const declined = dialogs(false)
    watchRenderer(contents as never, { logger, dialogs: declined })
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 })
    await vi.waitFor(() => expect(declined.askReload).toHaveBeenCalledTimes(1))
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    await Promise.resolve()
    expect(declined.askReload).toHaveBeenCalledTimes(1)
    expect(contents.reloads).toBe(0)
  })

  it('does not reload a destroyed window', async () => {
    const contents = new FakeWebContents()
    const { logger } = captureLogger()
    const shown = dialogs(true)
    watchRenderer(contents as never, { logger, dialogs: shown })
    contents.destroyed = true
    contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 })
    await vi.waitFor(() => expect(shown.askReload).toHaveBeenCalledTimes(1))
    await Promise.resolve()
    expect(contents.reloads).toBe(0)
  })
})
