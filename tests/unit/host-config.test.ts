import { describe, expect, test } from 'vitest'
import { DEFAULT_SERVER_URL, resolveServerUrl } from '../../src/main/core/config'
import { rendererFile } from '../../src/main/core/renderer-files'
import { DEFAULT_WINDOW_STATE, parseWindowState } from '../../src/main/core/window-state'

describe('which server the console talks to', () => {
  test('config.json wins over the environment; with neither, the local default', () => {
    expect(
      resolveServerUrl({
        env: 'https://admin.corp.example/',
        configFile: '{"apiUrl":"http://10.0.0.5:8080/"}',
      }),
    ).toBe('http://10.0.0.5:8080')
    expect(resolveServerUrl({ env: 'https://admin.corp.example/', configFile: undefined })).toBe(
      'https://admin.corp.example',
    )
    expect(resolveServerUrl({ env: '  ', configFile: undefined })).toBe(DEFAULT_SERVER_URL)
  })

  test.each([
    [
      { env: 'ftp://files', configFile: undefined },
      'ADMIN_CONSOLE_API_URL must be an http:// or https:// URL',
    ],
    [{ env: undefined, configFile: '{apiUrl' }, 'config.json is not valid JSON'],
    [
      { env: undefined, configFile: '{"apiUrl":"nope"}' },
      'config.json: apiUrl must be an http:// or https:// URL',
    ],
    [{ env: undefined, configFile: '{}' }, 'config.json:'],
  ])('a bad value is an error, never a silent default: %j', (source, message) => {
    expect(() => resolveServerUrl(source)).toThrow(message)
  })
})

describe('files of the built renderer', () => {
  const root = '/app/renderer'
  test('routes get index.html, assets themselves, with their type', () => {
    expect(rendererFile(root, '/users/42?tab=roles')).toEqual({
      file: '/app/renderer/index.html',
      type: 'text/html; charset=utf-8',
    })
    expect(rendererFile(root, '/users/4.5')).toEqual({
      file: '/app/renderer/index.html',
      type: 'text/html; charset=utf-8',
    })
    expect(rendererFile(root, '/assets/index-1.js')).toEqual({
      file: '/app/renderer/assets/index-1.js',
      type: 'text/javascript; charset=utf-8',
    })
  })

  test.each([
    '/../secret.txt',
    '/assets/../../etc/passwd.js',
    '/%2e%2e/%2e%2e/etc/passwd.css',
    '/%E0%A4%A',
  ])('nothing outside the folder is reachable: %s', (path) => {
    const found = rendererFile(root, path)
    expect(found === undefined || found.file.startsWith('/app/renderer/')).toBe(true)
  })
})

describe('remembered window size', () => {
  test('a valid size is kept; anything else falls back to the default', () => {
    expect(parseWindowState('{"x":10,"y":20,"width":1200,"height":800,"maximized":true}')).toEqual({
      x: 10,
      y: 20,
      width: 1200,
      height: 800,
      maximized: true,
    })
    for (const text of [undefined, '', 'garbage', '{"width":10,"height":10}', '{"width":"wide"}']) {
      expect(parseWindowState(text)).toEqual(DEFAULT_WINDOW_STATE)
    }
  })
})
