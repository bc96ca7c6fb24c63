import { useEffect, useState } from 'react'
import type { AppInfo } from '@shared/contract'
import { call } from '../api'

/** Name, version and folders, read once; null until known (or if the bridge is missing). */
export function useAppInfo(): AppInfo | null {
  const [info, setInfo] = useState<AppInfo | null>(null)
  useEffect(() => {
    let live = true
    call((api) => api.app.info()).then(
      (next) => live && setInfo(next),
      () => undefined // The settings load reports a missing bridge; this is only decoration.
    )
    return () => {
      live = false
    }
  }, [])
  return info
}
