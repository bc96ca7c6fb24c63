import { lazyComponent, LoadingPart } from '../../lib/lazy/lazy-component'

/*
 * CodeMirror (the editor and the merge view) is the heaviest part of the renderer and only Memory
 * uses it: its own chunk, loaded when Memory is first shown (memory-panel.tsx) or a file opens.
 */

export const CodeEditor = lazyComponent(
  () => import('../../components/code-editor').then((module) => module.CodeEditor),
  <LoadingPart className="h-full bg-surface" label="Loading the editor…" />
)

export const ConflictCompare = lazyComponent(
  () => import('./sync-conflict/conflict-compare').then((module) => module.ConflictCompare),
  <LoadingPart className="h-full bg-surface" label="Loading the comparison…" />
)
