import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'

/** The parts of Settings, in the order the page shows them and the sidebar lists them. */
export const SETTINGS_SECTIONS = [
  { id: 'general', title: 'General' },
  { id: 'models', title: 'Models' },
  { id: 'memory', title: 'Memory' },
  { id: 'expiry', title: 'Expiry' },
  { id: 'privacy', title: 'Privacy' },
  { id: 'tools', title: 'Tools' },
  { id: 'advanced', title: 'Advanced' }
] as const

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id']

export const sectionId = (id: SettingsSectionId): string => `settings-section-${id}`

/** One part of Settings: a titled group of cards the sidebar jumps to. */
export function SettingsSection({ id, children }: { id: SettingsSectionId; children: ReactNode }) {
  const title = SETTINGS_SECTIONS.find((s) => s.id === id)?.title ?? id
  return (
    <section
      id={sectionId(id)}
      aria-labelledby={`${sectionId(id)}-title`}
      className="settings-section flex flex-col gap-4"
    >
      <h2 id={`${sectionId(id)}-title`} className="settings-section__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The sidebar: a link per section; it jumps there and marks the one in view. */
export function SettingsNav({
  current,
  onJump
}: {
  current: SettingsSectionId
  onJump: (id: SettingsSectionId) => void
}) {
  return (
    <nav aria-label="Settings sections" className="settings-nav">
      <ul>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${sectionId(section.id)}`}
              aria-current={current === section.id ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                onJump(section.id)
              }}
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A section counts as the one in view once its title is this near the top of the window. */
const SPY_LINE = 140

/**
 * The section being read, as the page scrolls: the last one whose title passed near the top
 * (the last of all at the very bottom, where a short section never reaches the top). A jump
 * (`jumped`, after it scrolled) holds until the page moves again.
 */
export function useSectionInView(
  active: boolean
): [SettingsSectionId, (id: SettingsSectionId) => void] {
  const [current, setCurrent] = useState<SettingsSectionId>('general')
  const held = useRef<number | null>(null)
  useEffect(() => {
    if (!active) return
    let frame = 0
    const measure = (): void => {
      frame = 0
      const scroller = scrollerOf()
      if (!scroller) return
      if (held.current !== null && Math.abs(scroller.scrollTop - held.current) < 2) return
      held.current = null
      const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2
      let seen: SettingsSectionId = SETTINGS_SECTIONS[0].id
      for (const section of SETTINGS_SECTIONS) {
        const top = document.getElementById(sectionId(section.id))?.getBoundingClientRect().top
        if (top !== undefined && top <= SPY_LINE) seen = section.id
      }
      const last = SETTINGS_SECTIONS[SETTINGS_SECTIONS.length - 1]
      setCurrent(atBottom && last ? last.id : seen)
    }
    const onScroll = (): void => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    // Scroll events do not bubble: listen in the capture phase for the content area's.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true })
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true })
      if (frame) cancelAnimationFrame(frame)
    }
  }, [active])
  const jumped = useCallback((id: SettingsSectionId): void => {
    held.current = scrollerOf()?.scrollTop ?? null
    setCurrent(id)
  }, [])
  return [current, jumped]
}

/** What scrolls Settings: the app's content area. */
function scrollerOf(): Element | null {
  return document.getElementById(sectionId(SETTINGS_SECTIONS[0].id))?.closest('.content') ?? null
}
