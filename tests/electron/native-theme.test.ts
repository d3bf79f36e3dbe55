import { describe, expect, test } from 'vitest'
import { FakeFrame } from './support/electron-double'
import { hostPerTest } from './support/host'

const launch = hostPerTest()
const local = { env: { ADMIN_CONSOLE_API_URL: 'http://127.0.0.1:9' } }

describe('native menus and dialogs follow the console’s theme', () => {
  test('app.setTheme sets nativeTheme.themeSource, and System gives it back to the OS', async () => {
    const { double } = await launch(local)
    const frame = double.consoleWindow()!.webContents.mainFrame
    expect(double.nativeTheme.themeSource).toBe('system')
    for (const theme of ['dark', 'light', 'system'] as const) {
      expect(await double.invoke(frame, 'app.setTheme', { theme })).toEqual({
        ok: true,
        data: null,
      })
      expect(double.nativeTheme.themeSource).toBe(theme)
    }
  })

  test('an unknown theme is refused and changes nothing', async () => {
    const { double } = await launch(local)
    const frame = double.consoleWindow()!.webContents.mainFrame
    await double.invoke(frame, 'app.setTheme', { theme: 'dark' })
    const answer = await double.invoke(frame, 'app.setTheme', { theme: 'sepia' })
    expect(answer).toMatchObject({ ok: false, error: { message: /^Invalid input: theme/ } })
    expect(double.nativeTheme.themeSource).toBe('dark')
  })

  test('only the console’s main frame may set it', async () => {
    const { double } = await launch(local)
    const answer = await double.invoke(new FakeFrame('https://evil.example/'), 'app.setTheme', {
      theme: 'dark',
    })
    expect(answer).toEqual({ ok: false, error: { message: 'Refused: not the console window' } })
    expect(double.nativeTheme.themeSource).toBe('system')
  })
})
