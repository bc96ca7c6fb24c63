// One way for any view to send the user elsewhere in the app ("raise the cap" opens that setting;
// "archive files" opens Memory), without threading callbacks through every component between.
// The App listens and switches views; the target field, if any, takes the focus.

export type NavTarget = { view: 'settings'; field?: string } | { view: 'memory' } | { view: 'chat' }

const EVENT = 'cairn:navigate'

export function navigate(target: NavTarget): void {
  window.dispatchEvent(new CustomEvent<NavTarget>(EVENT, { detail: target }))
}

export function onNavigate(listener: (target: NavTarget) => void): () => void {
  const handler = (event: Event): void => listener((event as CustomEvent<NavTarget>).detail)
  window.addEventListener(EVENT, handler)
  return () => window.removeEventListener(EVENT, handler)
}

/**
 * Once the view is shown: focus a control by id and bring it into view. Tried each frame for a
 * while: a view opened for the first time renders once its chunk and data have arrived.
 */
export function focusSoon(id: string, withinMs = 3000): void {
  const until = performance.now() + withinMs
  const attempt = () => {
    const element = document.getElementById(id)
    if (element) {
      element.scrollIntoView({ block: 'center' })
      element.focus()
    } else if (performance.now() < until) requestAnimationFrame(attempt)
  }
  requestAnimationFrame(attempt)
}
