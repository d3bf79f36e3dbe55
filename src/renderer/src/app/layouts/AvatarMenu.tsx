import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import type { User } from '../../../../shared/contract'
import { ChangePasswordDialog, signOut } from '../../features/auth'
import { initials } from '../../lib/initials'

/** The avatar button and its menu: Profile, Settings, Change Password, Sign out. */
export function AvatarMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  const badge = initials(user.firstName, user.lastName)
  const navigate = useNavigate()
  const menuRef = useRef<HTMLUListElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const closeOutside = (event: MouseEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('mousedown', closeOutside)
    return () => document.removeEventListener('mousedown', closeOutside)
  }, [open])

  const choose = (action: () => void) => () => {
    setOpen(false)
    action()
  }

  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    }
  }

  return (
    <div
      className="avatar-menu"
      // Tabbing out of the menu closes it, as a click elsewhere does.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${badge}: Account menu for ${user.fullName}`}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {badge}
      </button>
      {open && (
        <ul ref={menuRef} role="menu" aria-label="Account" onKeyDown={onMenuKey}>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => navigate(`/users/${user.id}`))}
            >
              Profile
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => navigate('/settings'))}>
              Settings
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => setChangingPassword(true))}>
              Change Password
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={choose(
                () => void signOut().then(() => navigate('/login', { replace: true })),
              )}
            >
              Sign out
            </button>
          </li>
        </ul>
      )}
      {changingPassword && (
        <ChangePasswordDialog
          onClose={() => {
            setChangingPassword(false)
            buttonRef.current?.focus()
          }}
        />
      )}
    </div>
  )
}
