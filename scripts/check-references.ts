import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, posix } from 'node:path'
import ts from 'typescript'

/**
 * For `npm run lint`: a comment or a document that names a file of this repo names one that
 * exists. A path from the root (`server/src/db/users.ts`, `docs/SPEC.md`, a folder), a Markdown
 * link relative to its document, and a bare file name with a source extension (`migrate.ts`) are
 * checked against the tracked files; a file that is moved or removed leaves no pointer behind.
 * Only comments are read in code (paths in code are the compiler's and the bundler's to check),
 * all of the text in Markdown.
 */
const ROOTS = ['server', 'src', 'tests', 'scripts', 'docs', 'resources', '.ci', '.github']
/** Folders of what the build writes, never tracked. */
const BUILT = ['out', 'dist']
const READ = /\.(ts|tsx|js|cjs|mjs|sql|md)$/
const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.cjs', '.md', '/index.ts', '/index.tsx']

/** Names that look like files of the repo and are not, each with why it is allowed. */
const NOT_FILES: Record<string, string> = {
  'Node.js': 'the runtime',
  'src/vs/base/parts/ipc': "VS Code's folder, among ARCHITECTURE.md's codebases worth reading",
  'tests/unit/x.test.ts': "CONTRIBUTING.md's stand-in for any unit test file",
  'tests/integration/x.test.ts': "CONTRIBUTING.md's stand-in for any integration test file",
  'tests/e2e/x.test.ts': "CONTRIBUTING.md's stand-in for any end-to-end test file",
}

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
const files = new Set(tracked)
const folders = new Set(tracked.flatMap((file) => ancestors(file)))
const baseNames = new Set(tracked.map((file) => posix.basename(file)))

function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1)
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'))
}

function exists(path: string): boolean {
  const bare = path.replace(/\/+$/, '')
  return RESOLVED_EXTENSIONS.some((tail) => files.has(bare + tail)) || folders.has(bare)
}

/** The text a reader takes for prose: comments of code, `--` comments of SQL, all of Markdown. */
function prose(file: string, text: string): string[] {
  if (file.endsWith('.md')) return [text]
  if (file.endsWith('.sql')) return text.split('\n').flatMap((line) => line.match(/--.*$/) ?? [])
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const comments = new Map<number, string>()
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) comments.set(range.pos, text.slice(range.pos, range.end))
  }
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos))
    collect(ts.getTrailingCommentRanges(text, node.end))
    node.forEachChild(visit)
  }
  visit(source)
  return [...comments.values()]
}

const WEB_ADDRESS = /\b[a-z][a-z+.-]*:\/\/\S+/g
// Preceded by none of these, a token starts a path: not part of a longer one, a package
// (`@shared/…`), a relative import or a glob.
const START = String.raw`(?<![\w@.*/\\-])`
const ROOT_PATH = new RegExp(
  `${START}((?:${ROOTS.map((root) => root.replace('.', '\\.')).join('|')})/[\\w./-]*)([*{<$]?)`,
  'g',
)
const EXTENSION = '(?:tsx?|sql|md|cjs|mjs|js)'
const BARE_NAME = new RegExp(
  `${START}([\\w-]*[A-Za-z][\\w-]*(?:\\.[\\w-]+)*\\.${EXTENSION})(?![\\w/-])`,
  'g',
)
// A path from within a folder (`user-list/filters.ts`): the end of some tracked file's path.
const PARTIAL_PATH = new RegExp(
  `${START}((?:[\\w-]+/)+[\\w-]+(?:\\.[\\w-]+)*\\.${EXTENSION})(?![\\w/-])`,
  'g',
)
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g

function staleNames(file: string, text: string): string[] {
  const stale: string[] = []
  const report = (name: string) => {
    if (name in NOT_FILES) allowed.add(name)
    else stale.push(name)
  }
  for (const chunk of prose(file, text)) {
    const words = chunk.replace(WEB_ADDRESS, ' ')
    for (const [, path = '', pattern] of words.matchAll(ROOT_PATH)) {
      const named = path.replace(/[.]+$/, '')
      // A glob or a stand-in (`routes/<area>.ts`) names only the folder it starts in.
      const checked = pattern ? named.slice(0, named.lastIndexOf('/') + 1) : named
      if (!exists(checked)) report(named)
    }
    for (const [, name = ''] of words.matchAll(BARE_NAME)) {
      if (!baseNames.has(name)) report(name)
    }
    for (const [, path = ''] of words.matchAll(PARTIAL_PATH)) {
      const first = path.split('/')[0] ?? ''
      if (ROOTS.includes(first) || BUILT.includes(first)) continue
      if (!tracked.some((file) => file === path || file.endsWith(`/${path}`))) report(path)
    }
    if (file.endsWith('.md')) {
      for (const [, target = ''] of chunk.matchAll(MARKDOWN_LINK)) {
        if (/^[a-z][a-z+.-]*:/.test(target)) continue
        const resolved = posix.normalize(posix.join(dirname(file), target))
        if (!exists(resolved)) report(target)
      }
    }
  }
  return [...new Set(stale)].map((name) => `${file}: ${name}`)
}

const allowed = new Set<string>()
const stale = tracked
  .filter((file) => READ.test(file))
  .flatMap((file) => staleNames(file, readFileSync(file, 'utf8')))

if (stale.length > 0) {
  process.stderr.write(
    `Named in a comment or a document, but no such file in the repo:\n${stale.join('\n')}\n`,
  )
}
// An entry no longer needed goes, so that the list stays short and each entry true.
const unneeded = Object.keys(NOT_FILES).filter((name) => !allowed.has(name))
if (unneeded.length > 0) {
  process.stderr.write(
    `Allowed by scripts/check-references.ts but named nowhere:\n${unneeded.join('\n')}\n`,
  )
}
if (stale.length > 0 || unneeded.length > 0) process.exit(1)
