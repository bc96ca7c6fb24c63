import { useId, type ReactNode } from 'react'

/** A titled section (a named region for assistive tech and for the end-to-end page objects). */
export function Card({
  title,
  description,
  children
}: {
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card__header">
        <h2 id={headingId}>{title}</h2>
        {description ? <p className="card__description">{description}</p> : null}
      </header>
      {children}
    </section>
  )
}
