import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import type { User } from '@shared/contract'
import { ChangePasswordDialog, signOut } from '../../features/auth'
import { TwoStepDialog } from '../../features/second-factor'
import { initials } from '../../lib/initials'
import { useText } from '../../lib/text'
import { useTheme } from '../../lib/theme'
import { THEME_LABELS } from '../../lib/theme-labels'

const MENU_ITEMS = '[role="menuitem"], [role="menuitemradio"]'

/** The avatar button and its menu: Profile, Settings, Change Password, Two-Step Sign-In, the theme (System, Light, Dark), Sign out. */
export function AvatarMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  const [twoStep, setTwoStep] = useState(false)
  const badge = initials(user.firstName, user.lastName)
  const navigate = useNavigate()
  const menuRef = useRef<HTMLUListElement>(null)
  const themeLabelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const theme = useTheme((state) => state.theme)
  const chooseTheme = useTheme((state) => state.chooseTheme)
  const t = useText()

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus()
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
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? [])]
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
        aria-label={t('shell.accountMenu', { initials: badge, name: user.fullName })}
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
        <ul ref={menuRef} role="menu" aria-label={t('shell.account')} onKeyDown={onMenuKey}>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => void navigate(`/users/${user.id}`))}
            >
              {t('shell.profile')}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => void navigate('/settings'))}
            >
              {t('shell.settings')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => setChangingPassword(true))}>
              {t('shell.changePassword')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(() => setTwoStep(true))}>
              {t('shell.twoStep')}
            </button>
          </li>
          <li role="none">
            <ul role="group" aria-labelledby={themeLabelId} className="theme-choices">
              <li role="none" id={themeLabelId} className="menu-group-label">
                {t('shell.theme')}
              </li>
              {THEME_LABELS.map((choice) => (
                <li role="none" key={choice.theme}>
                  <button
                    type="button"
                    role="menuitemradio"
                    aria-checked={theme === choice.theme}
                    // Reached with the arrow keys: Tab still leaves the menu after Sign out.
                    tabIndex={-1}
                    onClick={choose(() => chooseTheme(choice.theme))}
                  >
                    {t(choice.label)}
                  </button>
                </li>
              ))}
            </ul>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={choose(
                () => void signOut().then(() => navigate('/login', { replace: true })),
              )}
            >
              {t('shell.signOut')}
            </button>
          </li>
        </ul>
      )}
      {twoStep && (
        <TwoStepDialog
          onClose={() => {
            setTwoStep(false)
            buttonRef.current?.focus()
          }}
        />
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
