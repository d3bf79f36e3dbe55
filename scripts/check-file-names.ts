import { readdirSync } from 'node:fs'
import { basename } from 'node:path'

/**
 * The file-name convention of CONTRIBUTING.md, for `npm run lint`: a React component's file is
 * PascalCase (`UsersPage.tsx`), a hook's is named after it (`useUserList.ts`), every other
 * source file is kebab-case (`user-stream.ts`, `audit-columns.tsx`).
 */
const FOLDERS = ['src', 'server', 'scripts', 'tests']
const COMPONENT = /^[A-Z][A-Za-z0-9]*\.tsx$/
const HOOK = /^use[A-Z][A-Za-z0-9]*\.tsx?$/
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.tsx?$/

const misnamed = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !path.split('/').includes('node_modules'))
    .map((path) => `${folder}/${path}`)
    .filter((path) => ![COMPONENT, HOOK, KEBAB].some((form) => form.test(basename(path)))),
)

if (misnamed.length > 0) {
  process.stderr.write(
    `Not named by the convention of CONTRIBUTING.md (Component.tsx, useHook.ts, kebab-case.ts):\n${misnamed.join('\n')}\n`,
  )
  process.exit(1)
}
