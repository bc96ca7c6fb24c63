import { z } from 'zod'

/*
 * Electron accelerators ("CommandOrControl+Shift+Space") for the global quick-ask shortcut: one
 * grammar for the settings file, the contract and the recorder in Settings. Names follow Electron's
 * Accelerator page; matching is case-insensitive as Electron's is, and the stored form is canonical.
 */

export const DEFAULT_QUICK_ASK_SHORTCUT = 'CommandOrControl+Shift+Space'

const MODIFIERS: Record<string, string> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super'
}

/** Modifiers that make a combination safe to take system-wide (Shift alone would eat typing). */
const STRONG = new Set(['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Super'])

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv'
]
const NAMED = new Map(NAMED_KEYS.map((name) => [name.toLowerCase(), name]))
const PUNCTUATION = new Set([...')!@#$%^&*(:<_>?~{|}";=,-./`[\\]\''])

function canonicalKey(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase()
  const fn = /^f([1-9]|1[0-9]|2[0-4])$/i.exec(part)
  if (fn) return `F${fn[1]}`
  if (PUNCTUATION.has(part)) return part
  return NAMED.get(part.toLowerCase()) ?? null
}

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; reason: string }

/** Checks a combination and returns it in canonical form ("ctrl+shift+space" → "Control+Shift+Space"). */
export function checkAccelerator(text: string): AcceleratorCheck {
  const trimmed = text.trim()
  if (!trimmed) return { ok: false, reason: 'the shortcut is empty: press a key combination' }
  if (trimmed.length > 100) return { ok: false, reason: 'the shortcut is too long' }
  // "+" is a key too ("Ctrl+Plus" or "Ctrl++"): split on the separators only.
  const parts = trimmed.endsWith('++')
    ? [...trimmed.slice(0, -2).split('+'), '+']
    : trimmed.split('+')
  if (parts.some((part) => part.trim() === ''))
    return { ok: false, reason: `"${trimmed}" is not a key combination` }
  const modifiers: string[] = []
  const keys: string[] = []
  for (const raw of parts.map((part) => part.trim())) {
    const modifier = MODIFIERS[raw.toLowerCase()]
    if (modifier) {
      if (modifiers.includes(modifier))
        return { ok: false, reason: `${modifier} appears twice in the shortcut` }
      modifiers.push(modifier)
      continue
    }
    const key = raw === '+' ? 'Plus' : canonicalKey(raw)
    if (!key) return { ok: false, reason: `"${raw}" is not a key Cairn can use in a shortcut` }
    keys.push(key)
  }
  if (keys.length !== 1)
    return {
      ok: false,
      reason: keys.length === 0 ? 'add a key after the modifiers' : 'use one key with modifiers'
    }
  const key = keys[0] as string
  const isFunctionKey = /^F\d+$/.test(key)
  if (!isFunctionKey && !modifiers.some((modifier) => STRONG.has(modifier)))
    return {
      ok: false,
      reason:
        'a shortcut needs Ctrl, Cmd, Alt or Super (or a function key), or it would take over typing'
    }
  if (
    modifiers.includes('CommandOrControl') &&
    modifiers.some((m) => m === 'Command' || m === 'Control')
  )
    return { ok: false, reason: 'use CommandOrControl or Command/Control, not both' }
  return { ok: true, accelerator: [...sortModifiers(modifiers), key].join('+') }
}

const ORDER = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Super', 'Shift']
function sortModifiers(modifiers: string[]): string[] {
  return [...modifiers].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
}

/** A valid accelerator, stored canonical; the error says what is wrong with it. */
export const AcceleratorSchema = z
  .string({ error: 'the shortcut must be text' })
  .transform((text, context) => {
    const checked = checkAccelerator(text)
    if (checked.ok) return checked.accelerator
    context.addIssue({ code: 'custom', message: checked.reason })
    return z.NEVER
  })

/** The shortcut as people read it on their platform: "Ctrl+Shift+Space", "⌘⇧Space". */
export function acceleratorLabel(accelerator: string, platform: string): string {
  const mac = platform === 'darwin'
  const names: Record<string, string> = mac
    ? {
        CommandOrControl: '⌘',
        Command: '⌘',
        Control: '⌃',
        Alt: '⌥',
        AltGr: '⌥',
        Shift: '⇧',
        Super: '⌘'
      }
    : {
        CommandOrControl: 'Ctrl+',
        Command: 'Ctrl+',
        Control: 'Ctrl+',
        Alt: 'Alt+',
        AltGr: 'AltGr+',
        Shift: 'Shift+',
        Super: platform === 'win32' ? 'Win+' : 'Super+'
      }
  const parts = accelerator.split('+')
  // "Control+Plus" stays readable: the last part is the key.
  const key = parts.pop() ?? ''
  return parts.map((part) => names[part] ?? `${part}+`).join('') + key
}

/** The keys of one keydown, as a recorder sees them. */
export interface KeyPress {
  code: string
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
}

const CODE_KEYS: Record<string, string> = {
  Space: 'Space',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Escape: 'Escape',
  PrintScreen: 'PrintScreen',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  NumpadDecimal: 'numdec'
}

/**
 * The accelerator for a key press, by physical key (so Shift+1 records "1", not "!"), with the
 * platform's main modifier as CommandOrControl. Null while only modifiers are held.
 */
export function acceleratorFromKeys(press: KeyPress, mac: boolean): AcceleratorCheck | null {
  const code = press.code
  if (
    /^(Control|Shift|Alt|Meta|OS)(Left|Right)?$/.test(code) ||
    /^(Control|Shift|Alt|Meta)$/.test(press.key)
  )
    return null
  const key =
    /^Key([A-Z])$/.exec(code)?.[1] ??
    /^Digit([0-9])$/.exec(code)?.[1] ??
    /^Numpad([0-9])$/.exec(code)?.[1]?.replace(/^/, 'num') ??
    /^(F(?:[1-9]|1[0-9]|2[0-4]))$/.exec(code)?.[1] ??
    CODE_KEYS[code]
  if (!key) return { ok: false, reason: `${press.key || code} cannot be used in a shortcut` }
  const modifiers: string[] = []
  const primary = mac ? press.metaKey : press.ctrlKey
  const secondary = mac ? press.ctrlKey : press.metaKey
  if (primary) modifiers.push('CommandOrControl')
  if (secondary) modifiers.push(mac ? 'Control' : 'Super')
  if (press.altKey) modifiers.push('Alt')
  if (press.shiftKey) modifiers.push('Shift')
  return checkAccelerator([...modifiers, key].join('+'))
}
