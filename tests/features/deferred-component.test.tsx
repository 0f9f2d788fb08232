import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { deferredComponent } from '../../src/lib/deferred-component.tsx'

/** A module load the test finishes or fails when it chooses. */
function controlledLoad<P extends object>() {
  const calls: { resolve: (component: (props: P) => React.ReactNode) => void; reject: (e: Error) => void }[] =
    []
  const load = () =>
    new Promise<(props: P) => React.ReactNode>((resolve, reject) => {
      calls.push({ resolve, reject })
    })
  return { load, calls }
}

describe('deferredComponent', () => {
  it('draws nothing while its code loads, never shows the page a Suspense fallback, then draws the part', async () => {
    const { load, calls } = controlledLoad<{ name: string }>()
    const Greeting = deferredComponent(load)
    render(
      <Suspense fallback={<p>page loading</p>}>
        <h1>Cart</h1>
        <Greeting name="Sakura" />
      </Suspense>,
    )
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeTruthy()
    expect(screen.queryByText('page loading')).toBeNull()
    expect(calls).toHaveLength(1)

    await act(async () => calls[0]?.resolve(({ name }) => <p>Hello {name}</p>))
    expect(screen.getByText('Hello Sakura')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeTruthy()
  })

  it('loads its code once: a later mount draws it at once', async () => {
    const { load, calls } = controlledLoad<object>()
    const Dock = deferredComponent(load)
    const first = render(<Dock />)
    await act(async () => calls[0]?.resolve(() => <p>dock</p>))
    first.unmount()

    render(<Dock />)
    expect(screen.getByText('dock')).toBeTruthy()
    expect(calls).toHaveLength(1)
  })

  it('draws nothing when the code cannot load (offline), and tries again at the next mount', async () => {
    const { load, calls } = controlledLoad<object>()
    const Prompt = deferredComponent(load)
    const first = render(<Prompt />)
    await act(async () => calls[0]?.reject(new Error('Failed to fetch dynamically imported module')))
    expect(first.container.innerHTML).toBe('')
    first.unmount()

    render(<Prompt />)
    expect(calls).toHaveLength(2)
    await act(async () => calls[1]?.resolve(() => <p>update ready</p>))
    expect(screen.getByText('update ready')).toBeTruthy()
  })
})
