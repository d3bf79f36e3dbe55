// Module hooks for loading the built host in Node: `electron` resolves to the shim, and every
// module of the build imported by one host instance stays in that instance, so each test can
// start a fresh host with a double of its own.
let shimUrl
let buildUrl

export function initialize(data) {
  shimUrl = data.shimUrl
  buildUrl = data.buildUrl
}

export async function resolve(specifier, context, nextResolve) {
  const instance = context.parentURL
    ? new URL(context.parentURL).searchParams.get('instance')
    : null
  if (specifier === 'electron') {
    if (!instance) throw new Error('electron imported outside a host instance')
    return { url: `${shimUrl}?instance=${instance}`, shortCircuit: true }
  }
  const resolved = await nextResolve(specifier, context)
  if (instance && resolved.url.startsWith(buildUrl)) {
    const url = new URL(resolved.url)
    url.searchParams.set('instance', instance)
    return { ...resolved, url: url.href }
  }
  return resolved
}
