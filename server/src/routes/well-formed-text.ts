import { fieldRefusal } from '../errors'

/** With the `u` flag a surrogate pair is one code point: only a lone surrogate is Cs. */
const LONE_SURROGATE = /\p{Cs}/u

interface Place {
  value: unknown
  key?: string
  parent?: Place
}

/**
 * Refuses a request whose text, anywhere in `value` (a key or a string, at any depth), is not
 * well-formed UTF-16: JSON may spell a lone surrogate (`"\ud800"`), which no encoding can store,
 * so the database would keep U+FFFD instead of what was sent. The walk keeps its own stack and
 * links each place to its parent: a body nested a million deep overflows nothing.
 */
export function assertWellFormedText(value: unknown, where: string) {
  const pending: Place[] = [{ value }]
  for (let place = pending.pop(); place; place = pending.pop()) {
    if (typeof place.value === 'string') {
      if (LONE_SURROGATE.test(place.value)) refuse(place, where)
    } else if (typeof place.value === 'object' && place.value !== null) {
      for (const [key, item] of Object.entries(place.value)) {
        const child = { value: item, key, parent: place }
        if (LONE_SURROGATE.test(key)) refuse(child, where)
        pending.push(child)
      }
    }
  }
}

function refuse(place: Place, where: string): never {
  const path: string[] = []
  for (let at: Place | undefined = place; at?.key !== undefined; at = at.parent)
    path.unshift(at.key)
  const field = path.length > 0 ? path.join('.') : where
  throw fieldRefusal(field, 'text_malformed')
}
