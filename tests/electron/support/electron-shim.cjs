// What a CommonJS module loaded by the built host (electron-updater) gets for
// require('electron'): the double of the host instance started last. Without it, the real
// electron package would try to download its binary.
module.exports = new Proxy(
  {},
  {
    get: (_target, key) => globalThis.__electronDoubles[globalThis.__electronLatest][key],
  },
)
