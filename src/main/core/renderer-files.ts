import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/**
 * The file of the built renderer that a URL path names. Paths without an extension the build
 * produces (/users/42, /users/4.5) are routes of the single-page app and get index.html;
 * nothing outside the folder is reachable.
 */
export function rendererFile(
  root: string,
  urlPath: string,
): { file: string; type: string } | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!)
  } catch {
    return undefined
  }
  const relative = Object.hasOwn(TYPES, extname(decoded)) ? decoded : '/index.html'
  const file = normalize(join(root, relative))
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined
  return { file, type: TYPES[extname(file)] ?? 'application/octet-stream' }
}
