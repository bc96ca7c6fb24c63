import { useRef, useState } from 'react'
import {
  MCP_BUNDLE_MAX_BYTES,
  type McpBundleCommand,
  type McpBundlePreview,
  type McpBundleSource,
  type McpBundleValue,
  type McpBundleValues
} from '@shared/mcp/bundles'
import type { McpOverview } from '@shared/mcp/channels'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'
import { toBase64 } from '../../chat/attachments/read-file'

type Act = (run: Parameters<typeof call<McpOverview>>[0]) => Promise<boolean>

/**
 * Installing a `.mcpb`: open it (the dialog or a dropped file), show main's preview, keep the
 * command line current as the settings change, install on confirmation.
 */
export function useBundleInstall(act: Act) {
  const [preview, setPreview] = useState<McpBundlePreview | null>(null)
  const [values, setValues] = useState<McpBundleValues>({})
  const [command, setCommand] = useState<McpBundleCommand | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Answers come back in any order: only the last asked for is shown.
  const asked = useRef(0)

  const show = (next: McpBundlePreview | null) => {
    if (!next) return
    setPreview(next)
    setCommand(next.command)
    setValues(
      Object.fromEntries(
        next.fields.flatMap((field) => (field.value === null ? [] : [[field.key, field.value]]))
      )
    )
  }

  const open = (source: McpBundleSource) => {
    setProblem(null)
    setBusy(true)
    call((api) => api.mcp.bundlePreview(source))
      .then(show, (failure: unknown) => setProblem(toShownError(failure).message))
      .finally(() => setBusy(false))
  }

  return {
    preview,
    values,
    command,
    problem,
    busy,
    pick: () => open({ source: 'pick' }),
    async drop(files: File[]) {
      const file = files[0]
      if (!file || files.length > 1 || !/\.(mcpb|dxt)$/i.test(file.name)) {
        setProblem('Drop one MCP bundle (a .mcpb file) here to install it.')
        return
      }
      if (file.size > MCP_BUNDLE_MAX_BYTES) {
        setProblem(`“${file.name}” is larger than 100 MB, the most Cairn reads.`)
        return
      }
      open({
        source: 'bytes',
        name: file.name,
        data: toBase64(new Uint8Array(await file.arrayBuffer()))
      })
    },
    change(key: string, value: McpBundleValue) {
      if (!preview) return
      const next = { ...values, [key]: value }
      setValues(next)
      const ask = ++asked.current
      call((api) => api.mcp.bundleCommand({ token: preview.token, values: next })).then(
        (answer) => {
          if (ask !== asked.current) return
          setCommand(answer)
          setProblem(null)
        },
        (failure: unknown) => ask === asked.current && setProblem(toShownError(failure).message)
      )
    },
    install() {
      if (!preview) return
      setBusy(true)
      setProblem(null)
      void act((api) => api.mcp.bundleInstall({ token: preview.token, values }))
        .then((installed) => installed && setPreview(null))
        .finally(() => setBusy(false))
    },
    close() {
      setPreview(null)
      setProblem(null)
    }
  }
}

export type BundleInstall = ReturnType<typeof useBundleInstall>
