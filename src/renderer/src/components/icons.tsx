/**
 * The console's one icon set: simple 24×24 line drawings in the text colour. Decorative only
 * (aria-hidden): whatever shows an icon names itself in text or with aria-label.
 */
const PATHS = {
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  events: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3M13 14h3M8 17h3',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.2-6 6.5-6s5.9 2.4 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.5c2 .8 3.2 2.8 3.5 5.5',
  budget:
    'M12 3v18M16.5 7.5C16 6 14.2 5 12 5 9.5 5 7.5 6.3 7.5 8.3c0 4.7 9 2.7 9 7.4 0 2-2 3.3-4.5 3.3-2.3 0-4.1-1-4.6-2.6',
  employees:
    'M5 4h14v17H5zM9 4V2.5h6V4M12 13a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8 18c.5-2 2-3 4-3s3.5 1 4 3',
  crm: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  storage: 'M3 4h18v5H3zM5 9v11h14V9M10 13h4',
  suppliers:
    'M2 6h12v10H2zM14 10h4l3 3v3h-7zM6.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  hotels:
    'M3 20V5M3 14h18v6M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  competitors:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  filehub: 'M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z',
  marketing: 'M3 10v4h3l8 5V5L6 10zM17 9a4 4 0 0 1 0 6M6 14l1.5 6h3L9 15.5',
  audit: 'M8 4h8v3H8zM16 5h3v16H5V5h3M9 12h6M9 16h6',
  access: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  close: 'M6 6l12 12M18 6L6 18',
} as const

export type IconName = keyof typeof PATHS

/** Drawn facing the way text reads (the truck drives, the megaphone calls): mirrored in RTL. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['suppliers', 'marketing'])

/** Marks drawn as text: symbols, the same in every language, named by their button. */
export const MARKS = {
  dismiss: '×',
  menu: '▾',
  sortedUp: '▲',
  sortedDown: '▼',
  sortable: '↕',
} as const

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={['icon', DIRECTIONAL.has(name) && 'mirror-in-rtl', className]
        .filter(Boolean)
        .join(' ')}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
