import { ConfigError } from './config'

/**
 * Runs a command's main: a mistake of the person running it (bad configuration, bad
 * arguments) is printed as its message alone; anything else with its stack. Either exits 1.
 */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const text =
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error)
    process.stderr.write(`${text}\n`)
    process.exit(1)
  })
}
