import { useState } from 'react'
import type { KeyTestResult } from '@shared/chat/models'
import { Spinner } from '../../../components/icons'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/** Asks the API whether the saved key works, and says what it answered. */
export function KeyTest() {
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<KeyTestResult | null>(null)
  async function test(): Promise<void> {
    setPending(true)
    try {
      setResult(await call((api) => api.secrets.test()))
    } catch (failure) {
      setResult({ ok: false, code: 'api-error', message: toShownError(failure).message })
    } finally {
      setPending(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="button" onClick={() => void test()} disabled={pending}>
        {pending ? <Spinner /> : null}
        Test key
      </button>
      <p
        role="status"
        aria-label="Key test result"
        className={result?.ok ? 'text-success' : 'text-danger'}
      >
        {result ? result.message : ''}
      </p>
    </div>
  )
}
