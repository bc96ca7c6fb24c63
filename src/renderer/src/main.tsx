import './lib/strict-csp'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QUICK_ASK_HASH } from '@shared/app/quick-ask'
import { App } from './App'
import { preloadAfterFirstView } from './lazy-views'
import { lazyComponent, LoadingPart } from './lib/lazy/lazy-component'
import './styles.css'

// The quick-ask window loads this same page on #quick-ask: same bridge, same contract, its own view.
const quickAsk = window.location.hash === QUICK_ASK_HASH
const QuickAskApp = lazyComponent(
  () => import('./features/quick-ask/quick-ask-app').then((module) => module.QuickAskApp),
  <LoadingPart className="h-full" label="Loading quick ask…" />
)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(<StrictMode>{quickAsk ? <QuickAskApp /> : <App />}</StrictMode>)
}
if (!quickAsk) preloadAfterFirstView()
