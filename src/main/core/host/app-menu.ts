/** The built-in menu roles the app uses (Electron's names). */
type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'

/** A menu item as Electron's Menu.buildFromTemplate takes it, as far as the app uses it. */
export interface MenuItemTemplate {
  label?: string
  role?: MenuRole
  type?: 'separator'
  click?: () => void
  submenu?: MenuItemTemplate[]
}

import type { Translate } from '@shared/i18n/catalogues'

export interface AppMenuOptions {
  platform: NodeJS.Platform
  /** An installed app has no reload and no developer tools in its menus. */
  packaged: boolean
  productName: string
  /** The console's language: Electron words the roles' items itself, in the system's. */
  t: Translate
  openLog(): void
  showAbout(): void
}

const separator: MenuItemTemplate = { type: 'separator' }

/**
 * The application menu. Electron's default menu carries Reload and Toggle Developer Tools,
 * which an administrator's installed app must not offer; the Edit menu is what makes copy and
 * paste shortcuts work on macOS.
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemTemplate[] {
  const { t } = options
  const mac = options.platform === 'darwin'
  const about: MenuItemTemplate = {
    label: t('host.about', { product: options.productName }),
    click: options.showAbout,
  }
  const development: MenuItemTemplate[] = options.packaged
    ? []
    : [separator, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }]
  const first: MenuItemTemplate = mac
    ? {
        label: options.productName,
        submenu: [
          about,
          separator,
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          separator,
          { role: 'quit' },
        ],
      }
    : { label: t('host.menuFile'), submenu: [{ role: 'quit' }] }
  return [
    first,
    {
      label: t('host.menuEdit'),
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: t('host.menuView'),
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
        ...development,
      ],
    },
    {
      label: t('host.menuWindow'),
      submenu: [{ role: 'minimize' }, { role: mac ? 'zoom' : 'close' }],
    },
    {
      label: t('host.menuHelp'),
      submenu: [{ label: t('host.openLogFile'), click: options.openLog }, ...(mac ? [] : [about])],
    },
  ]
}
