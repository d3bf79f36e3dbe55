import { createInterface } from 'node:readline'
import { lockDataDir } from '../../../server/src/db/data-dir-lock'

/**
 * One process contending for a data directory (argv[2]): for each line `go <epoch ms>` from its
 * parent it waits for that moment, tries to take the lock, and answers `held` or `busy`. A
 * holder keeps the lock until it is killed, which leaves it behind as a crash does.
 */
const dataDir = process.argv[2]!
let holding = false
createInterface({ input: process.stdin }).on('line', (line) => {
  const at = Number(line.split(' ')[1])
  while (Date.now() < at) {
    // Spinning, not sleeping: every contender starts within the same millisecond.
  }
  if (holding) {
    process.stdout.write('held\n')
    return
  }
  try {
    lockDataDir(dataDir)
    holding = true
    process.stdout.write('held\n')
  } catch (error) {
    process.stdout.write(`busy ${(error as Error).message}\n`)
  }
})
process.stdout.write('ready\n')
