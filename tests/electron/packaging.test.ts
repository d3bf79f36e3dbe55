import { execFile } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { listPackage } from '@electron/asar'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * The Linux app folder as electron-builder packs it, built against a placeholder runtime (the
 * Electron binary cannot be downloaded here) that carries Electron's fuse wire, so the fuses
 * electron-builder flips can be read back from the shipped binary.
 */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron's defaults, fuse 0 to 7: RunAsNode on, cookie encryption off, NODE_OPTIONS on, … */
const ELECTRON_DEFAULT_FUSES = '10110001'
const MAX_PAYLOAD_BYTES = 30 * 1024 * 1024

const work = mkdtempSync(join(tmpdir(), 'admin-console-packaging-'))
const appDir = join(work, 'dist', 'linux-unpacked')
const resources = join(appDir, 'resources')
let asarFiles: string[] = []

function placeholderRuntime(): string {
  const runtime = join(work, 'runtime')
  const binary = join(runtime, 'electron')
  mkdirSync(runtime)
  writeFileSync(
    binary,
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
      Buffer.from(ELECTRON_DEFAULT_FUSES),
    ]),
  )
  chmodSync(binary, 0o755)
  return runtime
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size
  }
  return total
}

/** The fuse wire of a binary: '0'/'1' per fuse after the sentinel, version and count. */
function fuseWire(binary: string): string {
  const bytes = readFileSync(binary)
  const at = bytes.indexOf(FUSE_SENTINEL)
  expect(at, 'the fuse sentinel is in the binary').toBeGreaterThanOrEqual(0)
  const start = at + FUSE_SENTINEL.length
  const count = bytes[start + 1]!
  return bytes.subarray(start + 2, start + 2 + count).toString('ascii')
}

beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [
      'node_modules/electron-builder/cli.js',
      '--linux',
      'dir',
      '--config',
      'electron-builder.config.ts',
      `-c.electronDist=${placeholderRuntime()}`,
      `-c.directories.output=${join(work, 'dist')}`,
      '-c.afterPack=./tests/electron/support/write-desktop-entry.mjs',
      '--publish',
      'never',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  asarFiles = listPackage(join(resources, 'app.asar'), { isPack: false })
}, 180_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packaged app', () => {
  test('is lean: asar plus unpacked files stay within 30 MB', async () => {
    const payload =
      statSync(join(resources, 'app.asar')).size +
      (await folderBytes(join(resources, 'app.asar.unpacked')))
    expect(payload).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES)
  })

  test('carries the built main, preload and renderer', () => {
    expect(asarFiles).toContain('/out/main/index.js')
    expect(asarFiles).toContain('/out/preload/index.cjs')
    expect(asarFiles).toContain('/out/renderer/index.html')
  })

  test.each([
    'server',
    'node_modules/@electric-sql',
    'node_modules/fastify',
    'node_modules/pg',
    'node_modules/@node-rs',
    'node_modules/nodemailer',
    'node_modules/tsx',
    'node_modules/esbuild',
    'node_modules/react',
    'node_modules/react-dom',
    'node_modules/playwright-core',
    'node_modules/electron',
    'node_modules/vite',
    'node_modules/typescript',
  ])('ships no server or development package: %s', (path) => {
    expect(asarFiles.filter((file) => file === `/${path}` || file.startsWith(`/${path}/`))).toEqual(
      [],
    )
    expect(existsSync(join(resources, 'app.asar.unpacked', path))).toBe(false)
  })

  test('ships the updater the main process loads when it updates', () => {
    expect(asarFiles).toContain('/node_modules/electron-updater/package.json')
  })

  test('keeps the keychain module loadable: its native binary sits outside the asar', async () => {
    const unpacked = await readdir(join(resources, 'app.asar.unpacked'), { recursive: true })
    expect(unpacked.some((file) => /@napi-rs[\\/]keyring-[^\\/]+[\\/].+\.node$/.test(file))).toBe(
      true,
    )
  })

  test('has its Electron fuses flipped in the shipped binary', () => {
    // RunAsNode off, cookie encryption on, NODE_OPTIONS off, --inspect off, asar integrity on,
    // app only from the asar, the browser-specific snapshot untouched, file:// privileges off.
    expect(fuseWire(join(appDir, 'admin-console'))).toBe('01001100')
  })

  test('opens admin-console:// links on Linux, from a .desktop entry named after desktopName', () => {
    const { name, entry } = JSON.parse(
      readFileSync(join(work, 'dist', 'desktop-entry.json'), 'utf8'),
    ) as { name: string; entry: string }
    expect(name).toBe('admin-console.desktop')
    expect(entry).toMatch(/^MimeType=x-scheme-handler\/admin-console;$/m)
    expect(entry).toMatch(/^StartupWMClass=admin-console$/m)
    expect(entry).toMatch(/^Exec=.*admin-console" %U$/m)
  })

  test('knows its update feed', () => {
    expect(readFileSync(join(resources, 'app-update.yml'), 'utf8')).toMatch(/provider: generic/)
  })
})
