import '@testing-library/dom'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy*/waitFor wait for a state, not a time: on a busy machine the state takes longer to come,
// and the library's one-second default made a slow run red for nothing.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  delete window.cairn
  delete document.documentElement.dataset.theme
})
