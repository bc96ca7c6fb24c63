import '@testing-library/dom'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  delete window.cairn
  delete document.documentElement.dataset.theme
})
