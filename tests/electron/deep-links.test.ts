import { expect, test } from 'vitest'
import { hostPerTest, started, type HostRun } from './support/host'

const env = { ADMIN_CONSOLE_API_URL: 'http://127.0.0.1:9' }
const LINK = 'admin-console://reset-password?token=Abc-123_x'
const ROUTE = 'app://console/reset-password?token=Abc-123_x'

const launch = hostPerTest()

const openUrl = (host: HostRun, link: string) => {
  let prevented = false
  host.double.electron.app.emit('open-url', { preventDefault: () => (prevented = true) }, link)
  return prevented
}

test('the app registers itself for admin-console:// links', async () => {
  const { double } = await launch({ env })
  expect(double.protocolClients).toEqual(['admin-console'])
})

test('a reset link in the arguments at start opens Reset Password', async () => {
  const { double } = await launch({ env, argv: ['--flag', LINK] })
  expect(double.loaded).toEqual([ROUTE])
})

test('a reset link handed to the running app (second instance) opens Reset Password', async () => {
  const { double } = await launch({ env })
  const window = double.consoleWindow()!
  window.minimized = true
  double.electron.app.emit('second-instance', {}, ['/usr/bin/admin-console', LINK])
  expect(double.loaded).toEqual(['app://console/', ROUTE])
  expect(window.isMinimized()).toBe(false)
  expect(window.focused).toBe(1)
})

test('macOS open-url before the window exists opens Reset Password when it does', async () => {
  const host = await launch({ env, notReady: true })
  expect(openUrl(host, LINK)).toBe(true)
  await started(host)
  expect(host.double.loaded).toEqual([ROUTE])
})

test('macOS open-url while the app runs opens Reset Password', async () => {
  const host = await launch({ env })
  expect(openUrl(host, LINK)).toBe(true)
  expect(host.double.loaded).toEqual(['app://console/', ROUTE])
})

test.each(['admin-console://reset-password', 'admin-console://reset-password?token=<script>'])(
  'a reset link without a usable token (%s) opens Reset Password to paste one',
  async (link) => {
    const host = await launch({ env })
    openUrl(host, link)
    expect(host.double.loaded).toEqual(['app://console/', 'app://console/reset-password'])
  },
)

test.each([
  'admin-console://users/1',
  'admin-console://reset-password/../users',
  'https://evil.example/reset-password?token=x',
])('any other link (%s) only brings the window forward', async (link) => {
  const host = await launch({ env })
  openUrl(host, link)
  host.double.electron.app.emit('second-instance', {}, ['/usr/bin/admin-console', link])
  expect(host.double.loaded).toEqual(['app://console/'])
  expect(host.double.consoleWindow()!.focused).toBe(2)
})

test('a link in the arguments that is not a reset link starts on the dashboard', async () => {
  const { double } = await launch({ env, argv: ['admin-console://evil?x=1'] })
  expect(double.loaded).toEqual(['app://console/'])
})
