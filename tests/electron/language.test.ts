import { describe, expect, test } from 'vitest'
import { FakeFrame } from './support/electron-double'
import { hostPerTest } from './support/host'

const launch = hostPerTest()
const local = { env: { ADMIN_CONSOLE_API_URL: 'http://127.0.0.1:9' } }

describe('the console’s language (issue 59)', () => {
  test('app.info gives the OS’s preferred languages, and no language fixed without a policy', async () => {
    const { double } = await launch({ ...local, systemLanguages: ['ar-AE', 'en-GB'] })
    const frame = double.consoleWindow()!.webContents.mainFrame
    const info = await double.invoke(frame, 'app.info')
    expect(info.data.language).toEqual({ fixed: null, system: ['ar-AE', 'en-GB'] })
  })

  test('app.setLanguage takes a language the console speaks and refuses any other', async () => {
    const { double } = await launch(local)
    const frame = double.consoleWindow()!.webContents.mainFrame
    for (const locale of ['ar', 'en']) {
      expect(await double.invoke(frame, 'app.setLanguage', { locale })).toEqual({
        ok: true,
        data: null,
      })
    }
    const answer = await double.invoke(frame, 'app.setLanguage', { locale: 'fr' })
    expect(answer).toMatchObject({ ok: false, error: { message: /^Invalid input: locale/ } })
  })

  test('only the console’s main frame may set it', async () => {
    const { double } = await launch(local)
    const answer = await double.invoke(new FakeFrame('https://evil.example/'), 'app.setLanguage', {
      locale: 'ar',
    })
    expect(answer).toEqual({ ok: false, error: { message: 'Refused: not the console window' } })
  })

  test('app.setLanguage rewords the application menu, and back', async () => {
    const { double } = await launch({ ...local, systemLanguages: ['en-US'] })
    const frame = double.consoleWindow()!.webContents.mainFrame
    type Item = { label?: string; submenu?: Item[] }
    const labels = (template: unknown): string[] =>
      (template as Item[]).flatMap((item) => [
        ...(item.label ? [item.label] : []),
        ...labels(item.submenu ?? []),
      ])
    await expect.poll(() => labels(double.menuTemplate)).toContain('Help')
    expect(labels(double.menuTemplate)).toContain('Open Log File')

    await double.invoke(frame, 'app.setLanguage', { locale: 'ar' })
    await expect.poll(() => labels(double.menuTemplate)).toContain('مساعدة')
    expect(labels(double.menuTemplate)).toEqual(
      expect.arrayContaining(['تحرير', 'عرض', 'فتح ملف السجل']),
    )
    expect(labels(double.menuTemplate)).not.toContain('Help')

    await double.invoke(frame, 'app.setLanguage', { locale: 'en' })
    await expect.poll(() => labels(double.menuTemplate)).toContain('Help')
  })

  test('an Arabic system starts with the menu in Arabic', async () => {
    const { double } = await launch({ ...local, systemLanguages: ['ar-AE'] })
    await expect
      .poll(() =>
        (double.menuTemplate as { label?: string }[] | undefined)?.map((item) => item.label),
      )
      .toContain('تحرير')
  })
})
