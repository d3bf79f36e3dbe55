/** Where the session is kept between runs: the OS keychain, or memory when there is none. */
export interface Vault {
  /** False for the memory vault: the administrator is told the session will not be remembered. */
  readonly persistent: boolean
  read(): Promise<string | null>
  write(secret: string): Promise<void>
  erase(): Promise<void>
}

export function memoryVault(): Vault {
  let secret: string | null = null
  return {
    persistent: false,
    read: async () => secret,
    write: async (value) => {
      secret = value
    },
    erase: async () => {
      secret = null
    },
  }
}
