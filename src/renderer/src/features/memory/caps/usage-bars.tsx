import type { MemoryUsage } from '@shared/memory/memory'
import { formatBytes, formatNumber } from '../../../lib/format'

function Bar({ label, value, text }: { label: string; value: number; text: string }) {
  const percent = Math.min(100, Math.round(value * 100))
  const tone = value >= 0.9 ? 'bg-danger' : value >= 0.7 ? 'bg-warning' : 'bg-accent'
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-xs text-muted">
        <span>{label}</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-line"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** How full memory is against each cap. */
export function UsageBars({ usage }: { usage: MemoryUsage }) {
  return (
    <div className="flex flex-col gap-2.5 border-t border-line p-3">
      <Bar
        label="Files"
        value={usage.fraction.files}
        text={`${formatNumber(usage.files)} of ${formatNumber(usage.limits.maxFiles)}`}
      />
      <Bar
        label="Total size"
        value={usage.fraction.totalBytes}
        text={`${formatBytes(usage.totalBytes)} of ${formatBytes(usage.limits.maxTotalBytes)}`}
      />
      <p className="text-xs text-muted">
        Each file up to {formatBytes(usage.limits.maxFileBytes)}
        {usage.overCapFiles.length > 0 ? ` · ${usage.overCapFiles.length} over the cap` : ''}
      </p>
    </div>
  )
}
