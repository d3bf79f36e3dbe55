import type { Reporter, TestModule } from 'vitest/node'

interface Layer {
  files: number
  passed: number
  failed: number
  skipped: number
  /** Wall clock: from its first file's start to its last file's end, in ms since the run began. */
  from: number
  to: number
}

/**
 * Prints, after the run, each layer's (project's) files, tests and wall time, and a closing
 * line of every test's outcome in the plain form CI reads ("tests: N passed, N failed, N
 * skipped"). The layers run interleaved in one pool, so their times overlap.
 */
export default class LayerTimes implements Reporter {
  private readonly layers = new Map<string, Layer>()
  private readonly started = new Map<TestModule, number>()
  private begun = performance.now()

  onTestRunStart() {
    this.begun = performance.now()
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module, performance.now() - this.begun)
  }

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name || 'default'
    const layer = this.layers.get(name) ?? {
      files: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      from: Infinity,
      to: 0,
    }
    layer.files += 1
    for (const test of module.children.allTests()) {
      const state = test.result().state
      if (state === 'passed') layer.passed += 1
      else if (state === 'failed') layer.failed += 1
      else layer.skipped += 1
    }
    layer.from = Math.min(layer.from, this.started.get(module) ?? 0)
    layer.to = Math.max(layer.to, performance.now() - this.begun)
    this.layers.set(name, layer)
  }

  onTestRunEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`
    const total = { passed: 0, failed: 0, skipped: 0 }
    console.log('\nLayer times (wall clock from the run start; layers overlap):')
    for (const [name, layer] of [...this.layers].sort((a, b) => a[1].from - b[1].from)) {
      console.log(
        `  ${name.padEnd(20)} ${String(layer.files).padStart(3)} files  ${String(layer.passed).padStart(5)} passed  ${String(layer.failed).padStart(3)} failed  ${String(layer.skipped).padStart(3)} skipped  ${seconds(layer.from)} → ${seconds(layer.to)} (${seconds(layer.to - layer.from)})`,
      )
      total.passed += layer.passed
      total.failed += layer.failed
      total.skipped += layer.skipped
    }
    console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  }
}
