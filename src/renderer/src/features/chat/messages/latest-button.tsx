import { ArrowDown } from 'lucide-react'

/** Over the bottom of the message list once the reader scrolled up: back to the newest message. */
export function LatestButton({ newCount, onClick }: { newCount: number; onClick(): void }) {
  return (
    <button
      type="button"
      className="button absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full! shadow-lg"
      title="Scroll to the newest message"
      onClick={onClick}
    >
      <ArrowDown size={16} aria-hidden />
      Latest
      {newCount > 0 ? (
        <span className="rounded-full bg-accent px-2 text-xs leading-5 font-semibold text-accent-fg">
          {newCount} new
        </span>
      ) : null}
    </button>
  )
}
