import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repoRoot, run } from './run-npm'

/*
 * CI's keychain comes from scripts/with-keyring.sh. A CI run once lost it half-way: the daemon
 * exited, D-Bus started the stock (locked) one, and every keychain write failed on a prompt.
 * Here the daemon of the script's own private session is killed mid-run: the next call must find
 * the keyring unlocked with the item it held, and the script must say the daemon came back.
 */
const temp = mkdtempSync(join(tmpdir(), 'cairn-with-keyring-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const missing = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon'].filter((c) => !has(c))
// Skipped off Linux or without the Debian packages (dbus, gnome-keyring); CI installs them.
const runnable = process.platform === 'linux' && missing.length === 0
if (!runnable && process.env.CI === 'true') {
  throw new Error(`CI=true but scripts/with-keyring.sh cannot run here: missing ${missing}`)
}

// Skipped only where dbus-daemon or gnome-keyring is missing (a developer machine); CI=true
// throws above instead.
test.skipIf(!runnable)(
  'the keyring stays unlocked, with its items, after its daemon exits mid-run',
  async () => {
    const keychain = (body: string): string =>
      `"${process.execPath}" -e "const { Entry } = require('@napi-rs/keyring'); ` +
      `const entry = new Entry('Cairn-with-keyring-test', 'account'); ${body}"`
    const script = join(temp, 'inside.sh')
    writeFileSync(
      script,
      [
        'set -e',
        keychain("entry.setPassword('kept')"),
        // The process that owns the Secret Service name on this private bus, and nothing else.
        'pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus ' +
          '/org/freedesktop/DBus org.freedesktop.DBus.GetConnectionUnixProcessID ' +
          "string:org.freedesktop.secrets | awk '{print $2}')",
        'kill "$pid"',
        'while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done',
        keychain("console.log('read after restart:', entry.getPassword())"),
        keychain("entry.setPassword('written after restart'); console.log('wrote again')")
      ].join('\n')
    )

    const ran = await run('bash', ['scripts/with-keyring.sh', 'sh', script], {
      cwd: repoRoot,
      env: process.env
    })

    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toContain('read after restart: kept')
    expect(ran.stdout).toContain('wrote again')
    expect(ran.stderr).toMatch(/the Secret Service exited and was started again, unlocked, at:/)
  }
)
