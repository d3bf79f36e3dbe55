import { AsyncEntry } from '@napi-rs/keyring'
import { memoryVault, type Vault } from './vault'

export const KEYCHAIN_SERVICE = 'Admin Console'

/** One keychain entry per server: service "Admin Console", account the server URL. */
export function keychainVault(serverUrl: string): Vault {
  const entry = new AsyncEntry(KEYCHAIN_SERVICE, serverUrl)
  return {
    persistent: true,
    read: async () => (await entry.getPassword()) ?? null,
    write: (secret) => entry.setPassword(secret),
    erase: async () => {
      await entry.deleteCredential()
    },
  }
}

/**
 * The keychain when it answers, else memory. A machine without a Secret Service (a bare Linux
 * session) still runs the console; it just cannot remember the session.
 */
export async function openVault(serverUrl: string): Promise<Vault> {
  // Reading can succeed where writing is refused (no Secret Service), so the probe writes.
  const probe = keychainVault(`${serverUrl}#probe`)
  try {
    await probe.write('probe')
    await probe.erase()
    return keychainVault(serverUrl)
  } catch {
    return memoryVault()
  }
}
