import { useEffect, useState } from 'react'
import type { ModelOption } from '@shared/chat/models'
import { call } from '../../lib/api'

/**
 * What the API says of one model (main's catalog, cached): its capabilities, limits and
 * lifecycle. `undefined` while asking; null when nothing could be learned (the safe fallback).
 */
export function useModelInfo(model: string | undefined): ModelOption | null | undefined {
  const [info, setInfo] = useState<{ id: string; model: ModelOption | null } | null>(null)
  useEffect(() => {
    if (!model) return
    let live = true
    call((api) => api.chat.describeModel({ model })).then(
      (answer) => live && setInfo({ id: model, model: answer.model }),
      () => live && setInfo({ id: model, model: null })
    )
    return () => {
      live = false
    }
  }, [model])
  return model && info?.id === model ? info.model : undefined
}
