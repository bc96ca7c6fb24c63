import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode
} from 'react'
import { Spinner } from '../../components/icons'
import { lazyModule } from './lazy-module'

/*
 * A component kept out of the entry chunk. Once its chunk has arrived (first use, or a preload on
 * idle) it renders at once, with no Suspense round trip: React.lazy alone would show the fallback
 * for a frame even when the chunk is already there.
 */

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk (once); resolves when it can render without waiting. */
  preload(): Promise<unknown>
}

export function lazyComponent<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  /** Shown in its place while the chunk loads: the same box, so nothing around it moves. */
  fallback: ReactNode
): LazyComponent<P> {
  const chunk = lazyModule(importer)
  const Suspended = lazy(() => chunk.load().then((loaded) => ({ default: loaded })))
  function LazyPart(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded one would remount it.
    const [Loaded] = useState(chunk.current)
    if (Loaded) return <Loaded {...props} />
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={fallback}>
          <Suspended {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    )
  }
  return Object.assign(LazyPart, { preload: () => chunk.load() })
}

/** A chunk that cannot load (a damaged install) says so in place instead of blanking the app. */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <p role="alert" className="p-8 text-center text-danger">
        This part of Cairn could not load ({this.state.error.message}). Restart Cairn to try again;
        if it keeps happening, reinstall it.
      </p>
    )
  }
}

/**
 * A quiet placeholder: nothing for the first moments (a chunk from disk usually arrives sooner),
 * then a status line, so a slow load is never a blank without explanation.
 */
export function LoadingPart({ label, className }: { label: string; className?: string }) {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 400)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className={className} aria-busy="true">
      {slow ? (
        <p className="loading px-5" role="status">
          <Spinner /> {label}
        </p>
      ) : null}
    </div>
  )
}
