import type { Configuration } from 'electron-builder'
import { registerProtocolInMsi } from './scripts/msi-protocol'
import { APP_ID } from './src/main/core/policy/app-id'

/**
 * How the installers are built. Signing comes from the environment (see README, "For IT"):
 * `npm run dist` signs when credentials are there and may produce unsigned artifacts;
 * `npm run dist:release` adds `-c.forceCodeSigning=true` and refuses to.
 */
const env = process.env

/** Where installed apps look for updates unless policy names another feed. */
const UPDATE_FEED_URL = env.ADMIN_CONSOLE_UPDATE_URL ?? 'https://updates.admin-console.example.com/'

const required = (name: string): string => {
  const value = env[name]
  if (!value) throw new Error(`${name} must be set to sign with Azure Trusted Signing`)
  return value
}

/** Azure Trusted Signing when its endpoint is set, else signtool with WIN_CSC_LINK/CSC_LINK. */
const windowsSigning: Configuration['win'] = env.AZURE_TRUSTED_SIGNING_ENDPOINT
  ? {
      azureSignOptions: {
        endpoint: env.AZURE_TRUSTED_SIGNING_ENDPOINT,
        codeSigningAccountName: required('AZURE_TRUSTED_SIGNING_ACCOUNT'),
        certificateProfileName: required('AZURE_TRUSTED_SIGNING_PROFILE'),
        publisherName: required('WINDOWS_PUBLISHER_NAME'),
      },
    }
  : {
      signtoolOptions: {
        publisherName: env.WINDOWS_PUBLISHER_NAME,
        rfc3161TimeStampServer: 'http://timestamp.digicert.com',
        signingHashAlgorithms: ['sha256'],
      },
    }

const config: Configuration = {
  appId: APP_ID,
  productName: 'Admin Console',
  copyright: 'Copyright © 2026 Example Operations',
  artifactName: 'admin-console-${version}-${os}-${arch}.${ext}',
  directories: { output: 'dist', buildResources: 'resources' },
  // Only the built app: the server, its database and the dev tools are devDependencies, and
  // electron-builder packs production dependencies alone.
  files: ['out/**', 'package.json', '!**/*.map'],
  asarUnpack: ['**/*.node'],
  protocols: [{ name: 'Admin Console reset link', schemes: ['admin-console'] }],
  publish: { provider: 'generic', url: UPDATE_FEED_URL },
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The renderer is served from app://, so file:// needs no privileges.
    grantFileProtocolExtraPrivileges: false,
  },
  win: {
    target: ['nsis', 'msi'],
    executableName: 'AdminConsole',
    ...windowsSigning,
  },
  nsis: {
    oneClick: false,
    perMachine: true,
    allowToChangeInstallationDirectory: true,
    // Registers admin-console:// at install time, so a reset link works before first launch.
    include: 'resources/windows/installer.nsh',
  },
  msi: {
    perMachine: true,
    // Stable across versions so an MSI upgrade replaces the previous install.
    upgradeCode: '6b0f3c4e-2d7a-4f4e-9a51-3f1c8e0d2b7a',
  },
  msiProjectCreated: registerProtocolInMsi,
  mac: {
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      // The zip is what electron-updater downloads on macOS.
      { target: 'zip', arch: ['x64', 'arm64'] },
      { target: 'pkg', arch: ['x64', 'arm64'] },
    ],
    category: 'public.app-category.business',
    hardenedRuntime: true,
    entitlements: 'resources/mac/entitlements.plist',
    entitlementsInherit: 'resources/mac/entitlements.plist',
    // Notarises when APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID or APPLE_API_KEY* are set.
    notarize: Boolean(env.APPLE_TEAM_ID || env.APPLE_API_KEY),
  },
  // Always /Applications for every user: never a home folder, nor a copy found elsewhere.
  pkg: { allowAnywhere: false, allowCurrentUserHome: false, isRelocatable: false },
  linux: {
    target: ['deb', 'rpm', 'AppImage'],
    executableName: 'admin-console',
    category: 'Utility',
    maintainer: 'Example Operations <it-support@example.com>',
    vendor: 'Example Operations',
    synopsis: 'Administer the users, roles and groups of the operations hub',
    // admin-console.desktop, named after package.json's desktopName, which Electron uses as
    // the window's app id; electron-builder adds the protocols as x-scheme-handler MIME types.
    syncDesktopName: true,
  },
}

export default config
