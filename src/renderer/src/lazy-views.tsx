import { useEffect, type ComponentProps } from 'react'
import type { MemoryView as LoadedMemoryView } from './features/memory/memory-view'
import type { SettingsView as LoadedSettingsView } from './features/settings/settings-view'
import { highlighter } from './features/chat/markdown/highlight-code'
import { CodeEditor } from './features/memory/lazy-editors'
import { afterFirstView, useAfterFirstView } from './lib/lazy/after-first-view'
import { lazyComponent, LoadingPart } from './lib/lazy/lazy-component'

/*
 * The first view is Chat: Memory and Settings are chunks of their own. They load and mount
 * (hidden, as before) once Chat has painted and the browser is idle, so opening them later shows
 * them ready, with their data; opened sooner, they load at once behind a quiet placeholder.
 */

const MemoryView = lazyComponent(
  () => import('./features/memory/memory-view').then((module) => module.MemoryView),
  <LoadingPart className="h-full" label="Loading Memory…" />
)

const SettingsView = lazyComponent(
  () => import('./features/settings/settings-view').then((module) => module.SettingsView),
  <LoadingPart label="Loading Settings…" />
)

type MemoryPanelProps = ComponentProps<typeof LoadedMemoryView> & { shown: boolean }

export function MemoryPanel({ shown, ...props }: MemoryPanelProps) {
  const mounted = useAfterFirstView(shown)
  // Opening a file needs CodeMirror: fetch it as soon as Memory is on screen.
  useEffect(() => {
    if (shown) void CodeEditor.preload().catch(() => undefined)
  }, [shown])
  return mounted ? <MemoryView {...props} /> : null
}

export function SettingsPanel(props: ComponentProps<typeof LoadedSettingsView>) {
  return useAfterFirstView(props.active) ? <SettingsView {...props} /> : null
}

/** Memory's and Settings' chunks, so that they render at once when first shown. */
export const preloadViews = (): Promise<unknown> =>
  Promise.all([MemoryView.preload(), SettingsView.preload()])

/** What is likely needed next, fetched once the first view is idle: nothing waits when opened. */
export function preloadAfterFirstView(): void {
  afterFirstView(() => {
    for (const load of [preloadViews, highlighter.load]) load().catch(() => undefined) // a chunk that fails here is tried again when first used
  })
}
